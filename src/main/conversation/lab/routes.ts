/**
 * The laboratory's routes, named by purpose: `legacy` (the one-shot pipeline: understand, then
 * plan from what this one message says), `domain_agent` (the pack alone: its flow over the
 * facts, no session machine), `orchestrator` (the full state machine the app runs). The old
 * names `mk2` and `v3` still work.
 */
import { StewardError } from '../../../shared/errors.ts';
import type { Text } from '../../packs/types.ts';

export const LAB_ROUTES = ['legacy', 'domain_agent', 'orchestrator'] as const;
export type LabRoute = (typeof LAB_ROUTES)[number];

const ALIASES: Record<string, LabRoute> = { mk2: 'domain_agent', v3: 'orchestrator' };

export const ROUTE_LABELS: Record<LabRoute, Text> = {
  legacy: { ko: '기존 단일 파이프라인', en: 'one-shot pipeline' },
  domain_agent: { ko: '도메인 에이전트 (팩 단독)', en: 'domain agent (the pack alone)' },
  orchestrator: { ko: '오케스트레이터 (전체 상태 기계)', en: 'orchestrator (the full state machine)' },
};

/** A route by its name or old name (case and spaces ignored); USAGE_ERROR naming the choices otherwise. */
export function resolveRoute(name: string): LabRoute {
  const n = name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  const r = (LAB_ROUTES as readonly string[]).includes(n) ? (n as LabRoute) : ALIASES[n];
  if (!r)
    throw new StewardError('USAGE_ERROR', `Unknown laboratory route "${name}". / 알 수 없는 경로 "${name}".`, {
      details: { route: name, routes: [...LAB_ROUTES], aliases: ALIASES },
      suggestions: [`Use ${LAB_ROUTES.join(', ')} (or mk2, v3).`],
    });
  return r;
}

/** Routes from a comma list; all three when empty; each once, in the order given. */
export function resolveRoutes(list: string[] | string | undefined): LabRoute[] {
  const names = (Array.isArray(list) ? list : (list ?? '').split(',')).map((s) => s.trim()).filter(Boolean);
  if (!names.length) return [...LAB_ROUTES];
  return [...new Set(names.map(resolveRoute))];
}
