import { accessSync, constants } from 'node:fs';

/** Where Chromium is looked for, in order, after CHROME_PATH. */
export const CHROMIUM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The Chromium to use: CHROME_PATH if set (and executable), else the first candidate found, else undefined. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const fromEnv = env.CHROME_PATH?.trim();
  if (fromEnv) return executable(fromEnv) ? fromEnv : undefined;
  return CHROMIUM_CANDIDATES.find(executable);
}

export const CHROMIUM_MISSING_MESSAGE =
  'No Chromium found: install it with `sudo apt-get install chromium` (Debian/Ubuntu) or set CHROME_PATH to a Chrome or Chromium binary.';

/** Flags every Chromium we launch needs on these machines (closed network, root, no GPU). */
export function chromiumFlags(opts: { headless?: boolean; userDataDir: string; extra?: string[] }): string[] {
  const flags = [
    `--user-data-dir=${opts.userDataDir}`,
    '--disable-gpu',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--disable-default-apps',
    '--disable-extensions',
    '--disable-features=Translate,MediaRouter,OptimizationHints',
    '--metrics-recording-only',
    '--password-store=basic',
    '--use-mock-keychain',
    '--mute-audio',
  ];
  if (typeof process.getuid === 'function' && process.getuid() === 0) flags.push('--no-sandbox');
  if (opts.headless !== false) flags.push('--headless=new', '--hide-scrollbars');
  return [...flags, ...(opts.extra ?? [])];
}
