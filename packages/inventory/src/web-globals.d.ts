// The web-standard globals this package uses, which both Node and workerd provide. The
// package compiles against plain ES2023 (no DOM, no Node or Workers types), so they are
// declared here; the worker's program sees its own Workers declarations instead.
declare function btoa(data: string): string;
declare function atob(data: string): string;
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: Uint8Array): string;
}
declare const crypto: { randomUUID(): string };
