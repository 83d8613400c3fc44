import { describe, expect, it } from 'vitest';
import { resolveRoute, resolveRoutes } from '../../../../src/main/conversation/lab/routes.ts';

describe('laboratory route names', () => {
  it('takes the purpose names and the old ones (mk2 = domain_agent, v3 = orchestrator), case and spacing aside', () => {
    expect(resolveRoute('legacy')).toBe('legacy');
    expect(resolveRoute('MK2')).toBe('domain_agent');
    expect(resolveRoute(' v3 ')).toBe('orchestrator');
    expect(resolveRoute('domain-agent')).toBe('domain_agent');
    expect(resolveRoutes('v3,orchestrator,legacy')).toEqual(['orchestrator', 'legacy']);
    expect(resolveRoutes(undefined)).toEqual(['legacy', 'domain_agent', 'orchestrator']);
  });

  it('refuses an unknown name with the choices', () => {
    expect(() => resolveRoute('v4')).toThrow(expect.objectContaining({ code: 'USAGE_ERROR' }));
  });
});
