/**
 * The in-page native plugins' controls, for development and the e2e suite (never in a production
 * build: see ../load-fakes.ts). Outcomes come from localStorage `outpost_native_fakes` (JSON, read
 * at each call, so a test can change it mid-run); what happened, and device events (resume, back
 * button, deep link, a tapped notification), through `window.__outpostNative`.
 */

/** Present in every fake module's output; a production build must not contain it. */
export const FAKE_MARKER = 'outpost-native-fake';

export const FAKE_CONFIG_KEY = 'outpost_native_fakes';

export type FakeConfig = {
  biometric?: {
    /** Default true. */
    available?: boolean;
    type?: 'face' | 'fingerprint';
    /** The next authentications' outcome; default 'success'. */
    result?: 'success' | 'cancelled' | 'failed';
  };
  push?: {
    /** The permission as checked; default 'prompt'. */
    permission?: 'prompt' | 'granted' | 'denied';
    /** What the user answers to the prompt; default 'granted'. */
    answer?: 'granted' | 'denied';
    /**
     * The device token register() gives first; default an FCM registration token
     * ('<instance id>:<token>', as the app gets on both platforms: docs/decisions/026). After an
     * unregister() (a refreshed token) register() gives a new one.
     */
    token?: string;
    /**
     * This many next registrations give a token FCM would never deliver to (the server answers
     * 'Invalid device token'); each one handed out counts down.
     */
    invalidTokens?: number;
    /** register() fails with this error instead. */
    registrationError?: string;
  };
  files?: {
    /** The documents directory's permission as checked; default 'granted'. */
    permission?: 'granted' | 'denied' | 'prompt';
    /** What the user answers to the prompt; default 'granted'. */
    answer?: 'granted' | 'denied';
    /** Opening a saved file fails (no app for its type). */
    openFails?: boolean;
  };
  /** The status bar's height in px; default 47 on ios, 24 on android. */
  statusBarHeight?: number;
  /** The deep link the app was cold-started with. */
  launchUrl?: string;
};

export function fakeConfig(): FakeConfig {
  try {
    const raw = window.localStorage.getItem(FAKE_CONFIG_KEY);
    const value: unknown = raw ? JSON.parse(raw) : {};
    return typeof value === 'object' && value !== null ? (value as FakeConfig) : {};
  } catch {
    return {};
  }
}

/** Merges `patch` into the stored config (the fakes keep the user's answers to prompts there). */
export function updateFakeConfig(patch: (config: FakeConfig) => FakeConfig): void {
  try {
    window.localStorage.setItem(FAKE_CONFIG_KEY, JSON.stringify(patch(fakeConfig())));
  } catch {
    // Storage blocked: the answer is not remembered.
  }
}

export type SavedDocument = { name: string; uri: string; base64: string; savedAt: number };
export type OpenedDocument = { uri: string; contentType: string };

/** What the fakes recorded, and the events a test (or a developer) can fire. */
export type NativeHook = {
  marker: typeof FAKE_MARKER;
  /** The documents directory: the files saved, newest last. */
  documents(): { name: string; uri: string; size: number }[];
  /** A saved file's content as text (a CSV). */
  readText(name: string): string | null;
  opened(): OpenedDocument[];
  reviewRequests(): number;
  browserOpened(): string[];
  pushRegistrations(): number;
  /** The tokens register() handed out, in order. */
  pushTokens(): string[];
  /** Times the system settings were opened ('Go To Settings'). */
  settingsOpened(): number;
  /** The app came back to the foreground. */
  resume(): void;
  /** Android's back button. */
  backButton(): void;
  /** A deep link opened the app. */
  openUrl(url: string): void;
  /** The user tapped a notification. */
  pushActionPerformed(data: Record<string, unknown>): void;
  pushReceived(data: Record<string, unknown>): void;
  /** The provider rotated the device token. */
  refreshPushToken(token: string): void;
  exited(): boolean;
};

type Listener<T> = (value: T) => void;

/** A tiny event channel per device event. */
export class Channel<T> {
  private readonly listeners = new Set<Listener<T>>();
  add(listener: Listener<T>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  emit(value: T): void {
    for (const listener of [...this.listeners]) listener(value);
  }
}

declare global {
  // Declaration merging with the DOM's Window needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Window {
    __outpostNative?: NativeHook;
  }
}
