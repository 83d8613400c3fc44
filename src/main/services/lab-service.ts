import { labEnv } from '../conversation/lab/env.ts';
import { resolveRoutes } from '../conversation/lab/routes.ts';
import { runLab } from '../conversation/lab/run.ts';
import { connectSettingsMcp } from '../conversation/ui/mcp-servers.ts';
import { loadPacks } from '../packs/index.ts';
import type { Store } from '../store/index.ts';
import type { Handlers } from './dispatch.ts';
import type { SettingsStore } from './settings/store.ts';

/** lab.run: the laboratory screen's comparison; each route starts the MCP servers from settings for itself. */
export function labHandlers(o: { store: Store; settings: SettingsStore; sites?: Record<string, string> }): Pick<Handlers, 'lab.run'> {
  return {
    'lab.run': async ({ question, followUps, routes }) => {
      const chosen = resolveRoutes(routes);
      const servers = o.settings.read().mcpServers;
      const lab = labEnv({
        store: o.store,
        packs: await loadPacks(),
        ...(o.sites ? { sites: o.sites } : {}),
        connect: (runtime) => connectSettingsMcp(servers, runtime),
      });
      try {
        return await runLab(lab.env, [question, ...followUps], chosen);
      } finally {
        await lab.close();
      }
    },
  };
}
