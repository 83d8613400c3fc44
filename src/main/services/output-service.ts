/** outputs.* channels: what packs made in conversations (a campaign's run package), opened and exported as files. */
import { StewardError } from '../../shared/errors.ts';
import type { Conversations } from './conversation-service.ts';
import type { Handlers } from './dispatch.ts';

export function outputHandlers(engine: Conversations | undefined): Pick<Handlers, 'outputs.get' | 'outputs.export'> {
  const need = () => {
    if (engine?.output && engine.exportOutput)
      return { output: engine.output.bind(engine), exportOutput: engine.exportOutput.bind(engine) };
    throw new StewardError('STATE_CONFLICT', 'The conversation engine is not available in this build.', {
      suggestions: ['Update Steward to a build with the conversation engine.'],
    });
  };
  return {
    'outputs.get': async ({ packId, id }) => ({ packId, id, data: await need().output(packId, id) }),
    'outputs.export': async ({ packId, id }) => need().exportOutput(packId, id),
  };
}
