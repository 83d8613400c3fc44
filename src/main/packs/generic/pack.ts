/** GenericTask: anything no domain pack handles goes to the expert graph (conversation/experts). */
import { commonSlots } from '../shared/slots.ts';
import { both } from '../text.ts';
import type { GenericPack } from '../types.ts';

export const genericPack: GenericPack = {
  id: 'generic',
  kind: 'generic',
  intent: 'GenericTask',
  version: '1.0.0',
  title: both('일반 문의', 'General question'),
  slots: [...commonSlots],
  allowedTools: [],
  approval: { gated: [], mode: 'approve' },
  recovery: {
    default: {
      action: 'end',
      say: both('답을 찾지 못했어요. {why}', 'I could not find an answer. {why}'),
      next: both('담당자에게 문의해 주세요.', 'Please ask a person in charge.'),
    },
  },
  texts: {},
  verification: [],
};
