import type { UserSummary } from '@outpost/contracts/auth';

/**
 * The chat provider's (LiveChat) web widget (docs/decisions/038). Loaded only when the user opens
 * chat on the web (components/live-chat-entry imports this module then): never on a page's first
 * load. The page's CSP lets its origins in only when a licence is configured (the server's config).
 */
export const LIVE_CHAT_WIDGET_SCRIPT = 'https://cdn.livechatinc.com/tracking.js';

type WidgetCall = [method: string, args: unknown[]];

/** The provider's queue, as its own snippet defines it: calls made before the script runs wait. */
type LiveChatWidget = {
  _q: WidgetCall[];
  _h: ((...call: WidgetCall) => unknown) | null;
  _v: string;
  on: (...args: unknown[]) => void;
  once: (...args: unknown[]) => void;
  off: (...args: unknown[]) => void;
  get: (...args: unknown[]) => unknown;
  call: (...args: unknown[]) => void;
  init: () => void;
};

export type LiveChatWindow = Window & {
  __lc?: { license: number; integration_name: string; product_name: string; asyncInit: boolean };
  LiveChatWidget?: LiveChatWidget;
};

function queueWidget(): LiveChatWidget {
  const send = (call: WidgetCall) => (widget._h ? widget._h(...call) : widget._q.push(call));
  const widget: LiveChatWidget = {
    _q: [],
    _h: null,
    _v: '2.0',
    on: (...args) => void send(['on', args]),
    once: (...args) => void send(['once', args]),
    off: (...args) => void send(['off', args]),
    get: (...args) => {
      if (!widget._h) throw new Error("[LiveChatWidget] You can't use getters before load.");
      return send(['get', args]);
    },
    call: (...args) => void send(['call', args]),
    // The script is added by openLiveChatWidget (asyncInit), so a failed load can be retried.
    init: () => undefined,
  };
  return widget;
}

/** The widget's script on the page, and its load. */
let loading: { script: HTMLScriptElement; done: Promise<void> } | null = null;

function loadScript(): { script: HTMLScriptElement; done: Promise<void> } {
  const script = document.createElement('script');
  const done = new Promise<void>((resolve, reject) => {
    script.async = true;
    script.src = LIVE_CHAT_WIDGET_SCRIPT;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      // Offline or blocked: the next attempt tries again.
      script.remove();
      loading = null;
      reject(new Error('The chat could not be loaded.'));
    });
  });
  document.head.append(script);
  return { script, done };
}

/**
 * Opens the chat window: the widget (loaded on the first call) with the user's name, and their
 * username and user id for the agent (as the native frame passes them, spec 3 section 2.1).
 * Rejects when the widget's script cannot load.
 */
export function openLiveChatWidget(license: string, user: UserSummary): Promise<void> {
  const page = window as LiveChatWindow;
  if (!page.LiveChatWidget) {
    page.__lc = {
      license: Number(license),
      integration_name: 'manual_channels',
      product_name: 'livechat',
      asyncInit: true,
    };
    page.LiveChatWidget = queueWidget();
  }
  const widget = page.LiveChatWidget;
  widget.call('set_customer_name', `${user.given_names} ${user.surname}`.trim());
  widget.call('set_session_variables', { username: user.username, user_id: String(user.user_id) });
  widget.call('maximize');
  if (!loading?.script.isConnected) loading = loadScript();
  return loading.done;
}
