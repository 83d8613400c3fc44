/** What every laboratory route is: a conversation you send lines to, each answered as one audited turn. */
import type { PackRegistry } from '../../packs/registry.ts';
import type { Store } from '../../store/index.ts';
import type { ToolRuntime } from '../../tools/runtime.ts';
import type { LabRoute } from './routes.ts';

export interface LabEnv {
  /** One store for every route, so the log explorer shows each route's session side by side. */
  store: Store;
  packs: PackRegistry;
  /** A runtime for one route, with its own tool servers (a route never sees another's tool state). */
  runtime(route: LabRoute): Promise<ToolRuntime>;
  sites?: Record<string, string>;
  now?: () => Date;
  tz?: string;
}

export interface RouteTurn {
  turnId: string;
  reply: string;
  stage: string;
  flowState?: string;
  expecting?: string;
  outcome?: string;
  /** The failure's class or the tool's own reason. */
  failure?: string;
}

export interface RouteRunner {
  route: LabRoute;
  sessionId: string;
  send(text: string): Promise<RouteTurn>;
  close(): void;
}
