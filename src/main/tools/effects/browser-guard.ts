import type { BrowserDriver } from '../../browser/driver.ts';
import type { EffectGuard } from './effect.ts';
import { networkHold } from './network-hold.ts';
import { judgeCall } from './probe.ts';

/** The gate by effect for a driver's browser tools: judge from the live DOM, hold at the network. */
export function browserEffectGuard(driver: BrowserDriver): EffectGuard {
  return {
    judge: (call) => judgeCall(driver, call),
    watch: (call, mode, approved) => networkHold(driver).watch(call, mode, approved),
    pageText: () => {
      try {
        return driver.selectedPage().title();
      } catch {
        return '';
      }
    },
  };
}
