/**
 * Splits a byte stream into lines in linear time with a cap on the length of one line. Each chunk
 * is searched for a newline once; the bytes of an unfinished line are kept as a list of chunks and
 * joined once, when its newline arrives. A line that grows past the cap is not kept: the reader
 * reports it once and ignores everything after it (the caller closes the connection).
 */
export class LineReader {
  readonly maxBytes: number;
  #parts: Buffer[] = [];
  #size = 0;
  #overflowed = false;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get overflowed(): boolean {
    return this.#overflowed;
  }

  /** Bytes held for the line not yet finished. */
  get pendingBytes(): number {
    return this.#size;
  }

  /**
   * Feeds one chunk; returns the complete lines it finished (without their newline), and
   * `overflow: true` the first time the unfinished line exceeds the cap.
   */
  push(chunk: Buffer): { lines: string[]; overflow: boolean } {
    const lines: string[] = [];
    if (this.#overflowed) return { lines, overflow: false };
    let start = 0;
    for (let nl = chunk.indexOf(10, start); nl !== -1; nl = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, nl);
      if (this.#size + piece.length > this.maxBytes) return this.#overflow(lines);
      this.#parts.push(piece);
      lines.push(Buffer.concat(this.#parts, this.#size + piece.length).toString('utf8'));
      this.#parts = [];
      this.#size = 0;
      start = nl + 1;
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      if (this.#size + rest.length > this.maxBytes) return this.#overflow(lines);
      this.#parts.push(rest);
      this.#size += rest.length;
    }
    return { lines, overflow: false };
  }

  #overflow(lines: string[]): { lines: string[]; overflow: boolean } {
    this.#overflowed = true;
    this.#parts = [];
    this.#size = 0;
    return { lines, overflow: true };
  }
}
