/** Analytics events. A no-op for now: native analytics arrive with the Capacitor app. */
export type AnalyticsProps = Readonly<Record<string, string | number | boolean | null>>;

export type Analytics = {
  track: (event: string, props?: AnalyticsProps) => void;
};

export const analytics: Analytics = {
  track: () => {},
};
