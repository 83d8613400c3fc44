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

/**
 * Flags every Chromium we launch needs on these machines (closed network, root, no GPU), and
 * the ones that keep start-up and the first page short: no field-trial set-up, crash reporter,
 * service auto-run or first-run screens, no paint holding before the first frame, no throttling
 * of timers and renderers when the window is in the background or hidden, and no address-bar
 * popup pages (WebUIOmniboxPopup*: headless Chromium otherwise loads two of them in a renderer of
 * their own at start-up, competing with the first page for the CPU). Headless, the (software)
 * GPU work runs on a thread of the browser process, and so does the network service
 * (NetworkServiceInProcess2): two processes fewer to start before the first frame. On a machine
 * whose cores are busy, the browser's start-up is bound by the CPU time all its processes need.
 */
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
    '--disable-field-trial-config',
    '--disable-breakpad',
    '--no-service-autorun',
    '--disable-search-engine-choice-screen',
    '--disable-client-side-phishing-detection',
    '--disable-background-timer-throttling',
    '--disable-backgrounding-occluded-windows',
    '--disable-renderer-backgrounding',
    '--disable-features=Translate,MediaRouter,OptimizationHints,PaintHolding,DialMediaRouteProvider,GlobalMediaControls,LensOverlay,AcceptCHFrame,WebUIOmniboxPopup,WebUIOmniboxAimPopup',
    '--enable-features=NetworkServiceInProcess2',
    '--metrics-recording-only',
    '--password-store=basic',
    '--use-mock-keychain',
    '--mute-audio',
  ];
  if (typeof process.getuid === 'function' && process.getuid() === 0) flags.push('--no-sandbox');
  if (opts.headless !== false) flags.push('--headless=new', '--hide-scrollbars', '--in-process-gpu');
  return [...flags, ...(opts.extra ?? [])];
}
