export {
  type CommandBatch,
  callbackPath,
  commandBatchSchema,
  type ExecutorCallback,
  MAX_BATCH_COMMANDS,
  providerCommandSchema,
} from "./messages.ts";
export {
  CLOUDEVENTS_CONTENT_TYPE,
  type CloudEvent,
  EVENT_TYPE_PREFIX,
  matchesPattern,
  NOTIFICATION_EVENTS,
  type NotificationEvent,
  notificationHeaders,
  patternMatchesAny,
  signNotification,
} from "./notifications.ts";
export {
  BAD_SIGNATURE,
  checkSignature,
  hmacSha256,
  SIGNATURE_HEADER,
  SIGNATURE_WINDOW_MS,
  type SignatureRefusal,
  type SignedMessage,
  type SignedRequest,
  sign,
  signatureHeaders,
  TIMESTAMP_HEADER,
  verify,
} from "./signature.ts";
