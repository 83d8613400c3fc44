import type { BrowserDriver } from '../../browser/driver.ts';
import type { EffectGuard } from './effect.ts';
import { networkHold } from './network-hold.ts';
import { judgeCall } from './probe.ts';

/** The gate by effect for a driver's browser tools: judge from the live DOM, hold at the network. */
export function browserEffectGuard(driver: BrowserDriver): EffectGuard {
  return {
    judge: (call) => {
      // the hold goes on while the call is judged: its watch then starts without a round trip of its own
      networkHold(driver).prepare();
      return judgeCall(driver, call);
    },
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
