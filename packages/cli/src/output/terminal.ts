/**
 * C0 controls but tab and newline, DEL, and C1 controls (in Unicode, U+0080–U+009F:
 * a terminal may take U+009B as CSI).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * SEC-2: text as it may reach a terminal. What the CLI prints mostly comes from the
 * server, which repeats what users and targets wrote (names, messages, reasons); an
 * escape sequence among it could rewrite the screen, the title or the clipboard. Every
 * control character but tab and newline is dropped, so ANSI sequences lose their ESC and
 * print as harmless text.
 *
 * @example forTerminal("ok\u001b[2Jdone\n") // "ok[2Jdone\n"
 */
export function forTerminal(text: string): string {
  return text.replace(CONTROL, "");
}
