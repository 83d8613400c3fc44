import { StewardError } from '../../shared/errors.ts';
import type { Artifact, ArtifactStore } from './artifacts.ts';
import { addMasks } from './capture-mask.ts';
import type { CdpSession } from './port.ts';

export type ImageFormat = 'png' | 'jpeg' | 'webp';

export interface ScreenshotOptions {
  /** The whole scrollable page instead of the viewport. */
  fullPage?: boolean;
  /** One element: a DOM node (from a snapshot uid) or a CSS selector in the main frame. */
  element?: { backendNodeId: number; sessionId?: string } | { selector: string };
  format?: ImageFormat;
  /** 0-100, for jpeg and webp. */
  quality?: number;
  /** Scale the image down (never up) so it fits within these pixel sizes. */
  maxWidth?: number;
  maxHeight?: number;
  /** Cover password, PIN, one-time code and card fields before capturing (default true). */
  maskSensitive?: boolean;
}

export interface Screenshot extends Artifact {
  format: ImageFormat;
  mimeType: string;
  /** Pixel size of the image file. */
  width: number;
  height: number;
  /** What was captured, in CSS pixels of the page. */
  clip: { x: number; y: number; width: number; height: number; scale: number };
  /** How many sensitive fields were covered before the capture. */
  masked: number;
  /** Scaled down (maxWidth / maxHeight) from the page's own pixel size. */
  resized: boolean;
}

interface Clip {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Screenshots of one page: viewport, full page or one element, written to the artifacts folder with metadata. */
export class PageCapture {
  readonly #cdp: CdpSession;
  readonly #sessionId: string | undefined;

  readonly #childSessions: () => string[];

  /** `childSessions`: the page's out-of-process iframes, masked in their own documents. */
  constructor(cdp: CdpSession, sessionId: string, childSessions: () => string[] = () => []) {
    this.#cdp = cdp;
    this.#sessionId = sessionId || undefined;
    this.#childSessions = childSessions;
  }

  async screenshot(store: ArtifactStore, opts: ScreenshotOptions = {}): Promise<Screenshot> {
    const format = opts.format ?? 'png';
    const metrics = await this.#cdp.send('Page.getLayoutMetrics', undefined, this.#sessionId);
    const vv = metrics.cssVisualViewport;
    const dpr = metrics.visualViewport.clientWidth / Math.max(1, vv.clientWidth) || 1;
    let clip: Clip;
    if (opts.element) clip = await this.#elementClip(opts.element, vv.pageX, vv.pageY);
    else if (opts.fullPage) clip = { x: 0, y: 0, width: metrics.cssContentSize.width, height: metrics.cssContentSize.height };
    else clip = { x: vv.pageX, y: vv.pageY, width: vv.clientWidth, height: vv.clientHeight };
    clip = { x: clip.x, y: clip.y, width: Math.max(1, Math.ceil(clip.width)), height: Math.max(1, Math.ceil(clip.height)) };
    const scale = Math.min(
      1,
      opts.maxWidth ? opts.maxWidth / (clip.width * dpr) : 1,
      opts.maxHeight ? opts.maxHeight / (clip.height * dpr) : 1,
    );
    // A page that cannot be masked is not captured: a stored screenshot must not show a secret.
    const masks = opts.maskSensitive === false ? undefined : await addMasks(this.#cdp, this.#sessionId, this.#childSessions());
    let data: string;
    try {
      ({ data } = await this.#cdp.send(
        'Page.captureScreenshot',
        {
          format,
          ...(format !== 'png' && opts.quality !== undefined ? { quality: opts.quality } : {}),
          clip: { ...clip, scale },
          captureBeyondViewport: Boolean(opts.fullPage || opts.element),
          // encoded for speed: about a third less time for a PNG, some more bytes
          optimizeForSpeed: true,
        },
        this.#sessionId,
      ));
    } finally {
      await masks?.remove();
    }
    const bytes = Buffer.from(data, 'base64');
    const size = imageSize(bytes, format);
    const artifact = await store.write('screenshot', format === 'jpeg' ? 'jpg' : format, bytes);
    return {
      ...artifact,
      format,
      mimeType: `image/${format}`,
      ...size,
      clip: { ...clip, scale },
      masked: masks?.count ?? 0,
      resized: scale < 1,
    };
  }

  async #elementClip(element: NonNullable<ScreenshotOptions['element']>, pageX: number, pageY: number): Promise<Clip> {
    let backendNodeId: number;
    let sessionId = this.#sessionId;
    if ('selector' in element) backendNodeId = await this.#nodeForSelector(element.selector);
    else {
      backendNodeId = element.backendNodeId;
      if (element.sessionId && element.sessionId !== this.#sessionId) sessionId = element.sessionId;
    }
    if (sessionId !== this.#sessionId) {
      throw new StewardError('TARGET_NOT_INTERACTABLE', 'Element screenshots inside out-of-process iframes are not supported.', {
        suggestions: ['Take a screenshot of the iframe element itself, or of the viewport.'],
      });
    }
    await this.#cdp.send('DOM.scrollIntoViewIfNeeded', { backendNodeId }, sessionId).catch(() => undefined);
    let quad: number[];
    try {
      const { model } = await this.#cdp.send('DOM.getBoxModel', { backendNodeId }, sessionId);
      quad = model.border;
    } catch (e) {
      throw new StewardError('TARGET_NOT_INTERACTABLE', 'The element has no box (it is not rendered).', {
        cause: e,
        details: { backendNodeId },
        suggestions: ['Make the element visible first, or take a viewport screenshot.'],
      });
    }
    // Box quads are viewport-relative; a clip is in page coordinates. Re-read the scroll after scrolling into view.
    const after = await this.#cdp.send('Page.getLayoutMetrics', undefined, this.#sessionId).catch(() => undefined);
    const px = after?.cssVisualViewport.pageX ?? pageX;
    const py = after?.cssVisualViewport.pageY ?? pageY;
    const xs = [quad[0], quad[2], quad[4], quad[6]].map(Number);
    const ys = [quad[1], quad[3], quad[5], quad[7]].map(Number);
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    return { x: x + px, y: y + py, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
  }

  async #nodeForSelector(selector: string): Promise<number> {
    const { result, exceptionDetails } = await this.#cdp.send(
      'Runtime.evaluate',
      { expression: `document.querySelector(${JSON.stringify(selector)})` },
      this.#sessionId,
    );
    if (exceptionDetails) {
      throw new StewardError('VALIDATION_ERROR', `Not a valid CSS selector: ${selector}`, {
        details: { field: 'selector', value: selector },
        suggestions: ['Fix the selector, or pass a uid from a snapshot.'],
      });
    }
    if (!result.objectId) {
      throw new StewardError('ELEMENT_NOT_FOUND', `No element matches ${selector}.`, {
        details: { selector },
        suggestions: ['Check the selector against the page, or take a snapshot and pass a uid.'],
      });
    }
    const { node } = await this.#cdp.send('DOM.describeNode', { objectId: result.objectId }, this.#sessionId);
    await this.#cdp.send('Runtime.releaseObject', { objectId: result.objectId }, this.#sessionId).catch(() => undefined);
    return node.backendNodeId;
  }
}

/** Reads the pixel size from a PNG, JPEG or WebP file header. */
export function imageSize(bytes: Uint8Array, format: ImageFormat): { width: number; height: number } {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (format === 'png') return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (format === 'jpeg') {
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) {
        i++;
        continue;
      }
      const marker = b[i + 1] ?? 0;
      const len = b.readUInt16BE(i + 2);
      // SOF0..SOF15 except DHT (c4), JPG (c8), DAC (cc) carry the frame size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
      i += 2 + len;
    }
    throw new StewardError('INTERNAL', 'The JPEG screenshot has no frame header.', { suggestions: ['Take the screenshot again as png.'] });
  }
  const chunk = b.toString('ascii', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
}
