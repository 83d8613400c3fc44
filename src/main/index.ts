/** Electron entry: everything that imports 'electron' lives in ./app; this file only starts it. */
import { startDesktopApp } from './app/desktop-app.ts';

startDesktopApp();
