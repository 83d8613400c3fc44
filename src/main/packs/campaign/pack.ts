/**
 * CampaignPlan: a marketing campaign from a conversation. The brief is collected (the planner
 * model proposes slot values when a model is set; otherwise each answer fills the slot asked
 * for), the person names pages or a search page for research, then the pipeline runs
 * research → strategy → creatives → voice and keeps the run package, which the UI opens and
 * exports. Without a model it keeps the brief and the evidence and says what needs a model.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runModelContract } from '../../llm/runner.ts';
import { both, fill } from '../text.ts';
import type { Facts, PipelineOutcome, PipelinePack, PipelinePorts, PipelineTurnInput } from '../types.ts';
import { BRIEF_SLOTS, briefOf, PATH_OF, SLOT_OF, sourcesIn, sourcesOf } from './brief-facts.ts';
import { missingRequired } from './contracts/brief.ts';
import { campaignMeta } from './contracts/meta.ts';
import { planner } from './contracts/planner.ts';
import { type CollectEvidence, runCampaign } from './pipeline.ts';
import { reportOf } from './report.ts';
import { browserCollector } from './research/collect.ts';
import { CampaignRuns } from './runs.ts';
import { CAMPAIGN_TEXTS, QUESTIONS } from './texts.ts';
import { TtsSettings } from './voice/tts.ts';

const NO_BROWSER: CollectEvidence = async ({ sources }) => ({
  sources: [],
  notes: [...sources.urls, ...(sources.search ? [sources.search.url] : [])].map(
    (u) => `${u}: BROWSER_LAUNCH_FAILED — no browser is attached`,
  ),
});

async function turn(input: PipelineTurnInput, ports: PipelinePorts): Promise<PipelineOutcome> {
  const { locale } = ports;
  const facts: Facts = { ...input.facts, ...sourcesIn(input.text, input.facts) };
  let said: string | undefined;
  if (ports.model && input.text.trim()) {
    const proposed = await runModelContract(
      planner,
      {
        ...campaignMeta('planner', `trc_${ports.turnId.replace(/-/g, '').slice(0, 16)}`, ports.now()),
        session_id: ports.sessionId,
        stage: missingRequired(briefOf(facts)).length ? 'CHAT_COLLECTING' : 'BRIEF_READY',
        user_message: input.text,
        brief_slots: briefOf(facts),
        locale,
      },
      { model: ports.model.model, ...(ports.model.modelName ? { modelName: ports.model.modelName } : {}), now: ports.now },
    );
    for (const u of proposed.slot_updates) facts[SLOT_OF[u.path]] = u.value;
    ports.emit('SLOT_EXTRACTED', `planner: ${proposed.slot_updates.length} brief value(s)`, {
      agent: 'planner',
      updates: proposed.slot_updates,
      missing_slots: proposed.missing_slots,
      gate: proposed.gate,
    });
    said = `${proposed.response_text}`;
    const missing = missingRequired(briefOf(facts));
    if (missing[0]) return { facts, status: 'collecting', expecting: SLOT_OF[missing[0]], reply: `${said}\n${proposed.next_question}` };
  }
  const missing = missingRequired(briefOf(facts));
  if (missing[0]) return { facts, status: 'collecting', expecting: SLOT_OF[missing[0]], reply: fill(QUESTIONS[missing[0]], locale) };

  const sources = sourcesOf(facts);
  const named = sources.urls.length > 0 || Boolean(sources.search);
  if (!named && !facts.sources_skipped && input.expecting !== 'sources')
    return {
      facts,
      status: 'collecting',
      expecting: 'sources',
      reply: [said, fill(CAMPAIGN_TEXTS.noSources, locale)].filter(Boolean).join('\n'),
    };

  const runs = new CampaignRuns(ports.store);
  const tts = TtsSettings.safeParse(ports.settings.tts);
  const dir = join(ports.artifactsDir, 'campaign');
  mkdirSync(dir, { recursive: true });
  const run = await runCampaign(
    {
      runs,
      collect: ports.browser ? browserCollector({ runtime: ports.browser.runtime, page: ports.browser.page, now: ports.now }) : NO_BROWSER,
      ...(ports.model ? { model: ports.model } : {}),
      ...(tts.success ? { tts: tts.data } : {}),
      artifactsDir: dir,
      now: ports.now,
      onStage: (stage, r) => {
        const from = r.stages.at(-2)?.stage ?? 'CHAT_COLLECTING';
        ports.emit('state_transition', `campaign ${from} → ${stage}`, { pipeline: 'campaign', from, to: stage, run_id: r.run_id });
      },
    },
    { sessionId: ports.sessionId, brief: briefOf(facts), locale, sources },
  );
  facts.run_id = run.run_id;
  const output = { packId: 'campaign', id: run.run_id, title: both('캠페인 패키지', 'Campaign package') };
  const reply = reportOf(run, locale);
  if (run.status === 'failed' && run.error) return { facts, status: 'failed', failure: run.error, reply, output };
  return { facts, status: 'done', reply, output };
}

export const campaignPack: PipelinePack = {
  id: 'campaign',
  kind: 'pipeline',
  intent: 'CampaignPlan',
  version: '1.0.0',
  title: both('마케팅 캠페인 만들기', 'Create a marketing campaign'),
  slots: [
    ...BRIEF_SLOTS,
    {
      name: 'research_urls',
      required: false,
      normalise: (v) => (Array.isArray(v) ? v : [v]),
      label: both('리서치 페이지', 'Research pages'),
    },
    { name: 'search_url', required: false, label: both('검색 페이지', 'Search page') },
    { name: 'search_query', required: false, label: both('검색어', 'Search words') },
    {
      name: 'sources_skipped',
      required: false,
      normalise: (v) => v === true || v === 'true',
      label: both('근거 없이 진행', 'Without sources'),
    },
  ],
  allowedTools: ['navigate_page', 'take_snapshot'],
  approval: { gated: [], mode: 'approve' },
  recovery: {
    default: {
      action: 'end',
      say: both('캠페인을 만들지 못했어요 ({code}: {message}).', 'The campaign could not be made ({code}: {message}).'),
      next: both('설정을 확인한 뒤 다시 요청해 주세요.', 'Check the settings and ask again.'),
    },
  },
  texts: {},
  verification: [],
  understanding: {
    starts: {
      ko: ['캠페인', '마케팅', '광고\\s*(카피|문구|소재)', '홍보\\s*(전략|계획|문구)'],
      en: ['\\bcampaign\\b', '\\bmarketing\\b', '\\bad cop(y|ies)\\b', '\\bpromotion plan\\b'],
    },
    // the sources a message names; and, without a model, the answer to the question asked fills that slot as said
    slots: (text, expecting) => {
      const path = expecting ? PATH_OF[expecting] : undefined;
      const bare = text.replace(/https?:\/\/\S+/g, '').trim();
      return { ...sourcesIn(text, {}), ...(path && bare ? { [expecting as string]: bare } : {}) };
    },
  },
  turn,
  output: (store, id) => new CampaignRuns(store).get(id),
  exportOutput: (store, id, dir) => {
    const pkg = new CampaignRuns(store).exportPackage(id);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `campaign-${id}.json`);
    writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`, { mode: 0o600 });
    return file;
  },
};
