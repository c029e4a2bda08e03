export {
  type CommandBatch,
  callbackPath,
  commandBatchSchema,
  type ExecutorCallback,
  MAX_BATCH_COMMANDS,
  providerCommandSchema,
} from "./messages.ts";
export {
  BAD_SIGNATURE,
  checkSignature,
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
