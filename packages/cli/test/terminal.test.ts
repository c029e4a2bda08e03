import { afterEach, describe, expect, it, vi } from "vitest";
import { processIo } from "../src/io.ts";
import { forTerminal } from "../src/output/terminal.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("SEC-2 what the CLI prints from the server never drives the terminal", () => {
  it("SEC-2 control characters are stripped (ESC, BEL, CR, backspace, DEL, C1 CSI); tab, newline and other text stay", () => {
    const fromServer =
      "run\u001b[2J\u001b]0;pwned\u0007 failed:\r\bx\u007f\u009b31m answered 503\tnext\nline é ✓";
    expect(forTerminal(fromServer)).toBe("run[2J]0;pwned failed:x31m answered 503\tnext\nline é ✓");
  });

  it("SEC-2 the process's stdout and stderr get only stripped text, whatever the command printed", () => {
    const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const io = processIo();
    io.out("name\u001b[31m red\n");
    io.err("error: \u001b]52;c;Y2xpcGJvYXJk\u0007 detail\n");
    expect(out).toHaveBeenCalledWith("name[31m red\n");
    expect(err).toHaveBeenCalledWith("error: ]52;c;Y2xpcGJvYXJk detail\n");
  });
});
