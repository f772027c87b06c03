/**
 * What the app asks of each native plugin (docs ARCHITECTURE section 6): one typed wrapper per
 * plugin in this folder, each backed by the Capacitor plugin on ios/android, or by its in-page
 * fake (./fakes) when a development or e2e build forces the platform.
 */

export type Unsubscribe = () => void;

/** @capacitor/app: resume, back button, deep links. */
export type NativeApp = {
  onResume(listener: () => void): Promise<Unsubscribe>;
  /** Android's back button; `canGoBack` is the web view's history. */
  onBackButton(listener: (event: { canGoBack: boolean }) => void): Promise<Unsubscribe>;
  /** A deep link (custom scheme or app link) opened the app. */
  onDeepLink(listener: (url: string) => void): Promise<Unsubscribe>;
  /** The link the app was cold-started with, if any. */
  getLaunchUrl(): Promise<string | null>;
  exitApp(): Promise<void>;
};

/** @capacitor/preferences (plain values) and @aparajita/capacitor-secure-storage (tokens). */
export type KeyValueStore = {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
};

export type FilePermission = 'granted' | 'denied' | 'prompt';

/** @capacitor/filesystem + @capacitor-community/file-opener. */
export type NativeFiles = {
  /** Permission to write to the documents directory (Android 10 and older ask; iOS never does). */
  checkPermission(): Promise<FilePermission>;
  requestPermission(): Promise<FilePermission>;
  /** Writes the file (base64 data) to the documents directory; returns its uri. */
  writeDocument(name: string, base64: string): Promise<string>;
  /** Opens a saved file with the app the system chooses for its content type. */
  open(uri: string, contentType: string): Promise<void>;
};

/** @capacitor/status-bar + capacitor-plugin-safe-area. */
export type NativeStatusBar = {
  /** The status bar's height in CSS pixels (the safe-area top inset). */
  height(): Promise<number>;
  /** The content under the status bar: 'light' (our white header) gives dark status-bar text. */
  setStyle(style: 'dark' | 'light'): Promise<void>;
};

/** @capacitor/browser: external links in the in-app browser (SFSafariViewController / Custom Tabs). */
export type NativeBrowser = { open(url: string): Promise<void> };

/** @capacitor-community/in-app-review. */
export type NativeReview = { requestReview(): Promise<void> };

export type BiometryCheck = {
  available: boolean;
  /** 'face', 'fingerprint', 'iris' or 'none'. */
  type: 'face' | 'fingerprint' | 'iris' | 'none';
  /** Why it is not available (not enrolled, no hardware, ...), for the log. */
  reason: string;
};

/**
 * An authentication's outcome: cancelled (the user or the system dismissed it), failed (not
 * recognised, locked out), unavailable (no biometry enrolled or no hardware).
 */
export type BiometricResult = 'success' | 'cancelled' | 'failed' | 'unavailable';

/** @aparajita/capacitor-biometric-auth. */
export type NativeBiometric = {
  check(): Promise<BiometryCheck>;
  authenticate(options: { reason: string; cancelTitle?: string }): Promise<BiometricResult>;
};

/** capacitor-native-settings: the system settings where biometrics are enrolled. */
export type NativeSettings = {
  /** iOS: the app's page in Settings (the only one Apple allows); Android: Security. */
  openBiometricSettings(): Promise<void>;
};

export type PushPermission = 'prompt' | 'granted' | 'denied';

/** A notification's data (spec 1 section 3: navigation_url opens a page). */
export type PushData = Record<string, unknown> & { navigation_url?: string };

/** @capacitor/push-notifications. */
export type NativePush = {
  checkPermission(): Promise<PushPermission>;
  requestPermission(): Promise<PushPermission>;
  /**
   * Registers with APNs/FCM and resolves with the device token (rejects with the registration
   * error). A later token (the provider rotated it) comes through onToken.
   */
  register(): Promise<string>;
  unregister(): Promise<void>;
  onToken(listener: (token: string) => void): Promise<Unsubscribe>;
  /** A notification arrived while the app was open. */
  onReceived(listener: (data: PushData) => void): Promise<Unsubscribe>;
  /** The user tapped a notification ('pushNotificationActionPerformed'). */
  onActionPerformed(listener: (data: PushData) => void): Promise<Unsubscribe>;
};

/** Every wrapper, as the fakes provide them. */
export type NativePlugins = {
  app: NativeApp;
  preferences: KeyValueStore;
  secureStorage: KeyValueStore;
  files: NativeFiles;
  statusBar: NativeStatusBar;
  browser: NativeBrowser;
  review: NativeReview;
  biometric: NativeBiometric;
  settings: NativeSettings;
  push: NativePush;
};
