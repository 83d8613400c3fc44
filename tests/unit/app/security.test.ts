import { describe, expect, it } from 'vitest';
import { guardedInvoke } from '../../../src/main/app/ipc/guard.ts';
import {
  APP_CSP,
  appMayNavigate,
  appWindowPreferences,
  BROWSER_PARTITION,
  BROWSER_VIEW_PREFERENCES,
  browserViewMayNavigate,
  isTrustedSender,
  permissionDecision,
  RECOMMENDED_FUSES,
  windowOpenDecision,
} from '../../../src/main/app/security.ts';
import type { Handlers } from '../../../src/main/services/dispatch.ts';

const APP = 'file:///opt/steward/out/renderer/index.html';
const DEV = 'http://localhost:5173/';

describe('window and view preferences', () => {
  for (const [name, prefs] of [
    ['app window', appWindowPreferences('/x/preload.cjs')],
    ['browser view', BROWSER_VIEW_PREFERENCES],
  ] as const) {
    it(`${name}: isolated, sandboxed, no Node anywhere, web security on`, () => {
      expect(prefs).toMatchObject({
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        nodeIntegrationInSubFrames: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        experimentalFeatures: false,
        webviewTag: false,
      });
      expect(prefs).not.toHaveProperty('enableBlinkFeatures');
      expect(prefs.disableBlinkFeatures).toBe('Auxclick');
    });
  }
  it('the browser view has no preload and its own persistent partition', () => {
    expect(BROWSER_VIEW_PREFERENCES).not.toHaveProperty('preload');
    expect(BROWSER_VIEW_PREFERENCES.partition).toBe(BROWSER_PARTITION);
    expect(BROWSER_PARTITION).toMatch(/^persist:/);
  });
  it('the app CSP allows only its own scripts, no eval, no plugins, no framing', () => {
    expect(APP_CSP).toContain("script-src 'self'");
    expect(APP_CSP).not.toContain('unsafe-eval');
    expect(APP_CSP).toContain("object-src 'none'");
    expect(APP_CSP).toContain("frame-ancestors 'none'");
    expect(APP_CSP).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
  it('fuses: no RunAsNode, no NODE_OPTIONS, no inspect flags, asar integrity on', () => {
    expect(RECOMMENDED_FUSES).toMatchObject({
      RunAsNode: false,
      EnableNodeOptionsEnvironmentVariable: false,
      EnableNodeCliInspectArguments: false,
      EnableEmbeddedAsarIntegrityValidation: true,
      OnlyLoadAppFromAsar: true,
    });
  });
});

describe('navigation limits (URL parser, not string prefixes)', () => {
  it('the app window stays on its own page', () => {
    expect(appMayNavigate(`${APP}#logs`, APP)).toBe(true);
    expect(appMayNavigate('file:///etc/passwd', APP)).toBe(false);
    expect(appMayNavigate('https://evil.example/', APP)).toBe(false);
    expect(appMayNavigate('http://localhost:5173/?lang=ko', DEV)).toBe(true);
    expect(appMayNavigate('http://localhost:5173.evil.example/', DEV)).toBe(false);
    expect(appMayNavigate('http://localhost:5174/', DEV)).toBe(false);
    expect(appMayNavigate('not a url', APP)).toBe(false);
  });
  it('the browser view loads only http(s) and about:blank, without credentials in the URL', () => {
    expect(browserViewMayNavigate('https://shop.example/orders')).toBe(true);
    expect(browserViewMayNavigate('about:blank')).toBe(true);
    for (const bad of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<b>x',
      'chrome://settings',
      'devtools://devtools',
      'https://user:pw@bank.example/',
    ]) {
      expect(browserViewMayNavigate(bad), bad).toBe(false);
    }
  });
  it('no window ever opens; web pop-ups of the browser view load in place; nothing goes to openExternal', () => {
    expect(windowOpenDecision('app', 'https://example.com')).toEqual({ action: 'deny' });
    expect(windowOpenDecision('browser-view', 'https://example.com/pay')).toEqual({
      action: 'deny',
      navigateInPlace: 'https://example.com/pay',
    });
    expect(windowOpenDecision('browser-view', 'file:///etc/passwd')).toEqual({ action: 'deny' });
  });
  it('every permission is denied by default', () => {
    for (const p of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen', 'unknown']) {
      expect(permissionDecision(p, 'https://shop.example')).toBe(false);
    }
  });
});

describe('IPC sender frame', () => {
  const handlers = new Proxy({} as Handlers, { get: () => async () => ({ ok: true }) });
  it('accepts only the app top frame', () => {
    expect(isTrustedSender({ url: APP, parent: null }, APP)).toBe(true);
    expect(isTrustedSender({ url: APP, parent: {} }, APP)).toBe(false);
    expect(isTrustedSender({ url: 'https://evil.example/', parent: null }, APP)).toBe(false);
    expect(isTrustedSender(null, APP)).toBe(false);
  });
  it('a wrong sender gets PERMISSION_ERROR and the handler never runs', async () => {
    let ran = false;
    const spy = new Proxy({} as Handlers, {
      get: () => async () => {
        ran = true;
        return { ok: true };
      },
    });
    const r = await guardedInvoke(spy, 'conversation.cancel', { url: 'https://evil.example/', parent: null }, { conversationId: 'c' }, APP);
    expect(r.ok ? 'ok' : r.error.code).toBe('PERMISSION_ERROR');
    expect(ran).toBe(false);
  });
  it('the right sender still has its payload validated', async () => {
    const bad = await guardedInvoke(handlers, 'conversation.cancel', { url: APP, parent: null }, { conversationId: 5 }, APP);
    expect(bad.ok ? 'ok' : bad.error.code).toBe('VALIDATION_ERROR');
    const good = await guardedInvoke(handlers, 'conversation.cancel', { url: APP, parent: null }, { conversationId: 'c' }, APP);
    expect(good.ok).toBe(true);
  });
});
