/** Business constants (spec 1 section 9, spec 2 section 9, spec 3 section 9). */
export const BILLING_PERIOD_DAYS = 30;
export const MOBILE_NUMBER_LENGTH = 10;
export const MOBILE_LAYOUT_MAX_WIDTH = 768; // mobile layout below 769 px
export const DEFAULT_PAGE_SIZE = 5;
export const MAX_PAGE_BUTTONS = 5;
export const FORCED_PASSWORD_REDIRECT_MS = 3000;
export const DASHBOARD_ACTIVITY_ENTRIES = 3;
export const DASHBOARD_NEWS_POSTS = 2;
export const PUSH_REGISTRATION_ATTEMPTS = 3;
export const NICKNAME_MAX_LENGTH = 20;
