import { WEB_PUSH_ENDPOINT_REFUSED } from '@outpost/contracts/notifications';
import { INVALID_DEVICE_TOKEN } from '@outpost/contracts/native-messages';
import { errorMaker } from '../../lib/errors';

/** Push devices (docs/decisions/023). The client retries a registration on this exact text. */
export const notificationsErrors = {
  invalidDeviceToken: INVALID_DEVICE_TOKEN,
  webPushEndpointRefused: WEB_PUSH_ENDPOINT_REFUSED,
} as const;
export type NotificationsErrorCode = keyof typeof notificationsErrors;

/** The HTTP status of each code. */
export const notificationsStatuses = {
  invalidDeviceToken: 400,
  webPushEndpointRefused: 400,
} as const;

export const notificationsError = errorMaker(notificationsErrors, notificationsStatuses);
