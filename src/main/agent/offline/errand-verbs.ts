/**
 * How people ask for an errand around its verb, shared by the readings that find the errand in
 * a request: the Korean endings after the errand's noun ("예약해줘", "예약 좀 해 주세요",
 * "예약하려고 합니다", "신청하고 싶어요", "접수 부탁드려요") and the English lead-ins before
 * its verb ("please", "I'd like to", "could you").
 */
export const KO_ASK =
  '(?:\\s*좀)?\\s*(?:하려고\\s*(?:합니다|해요|하는데요?|요)?|하고\\s*싶(?:어요|습니다|은데요?|어)|해\\s*주실\\s*수\\s*있(?:나요|을까요|어요)|부탁(?:드려요|드립니다|해요|합니다|해)|해\\s*주세요|해주라|해줘|할게요?|할래요?|하기|하고|해)?\\s*(?:줘|주세요|요)?[?~!]*';

export const EN_ASK_LEAD =
  "(?:(?:please|pls|plz|kindly|can\\s+you|could\\s+you|would\\s+you|i'?d\\s+like\\s+to|i\\s+would\\s+like\\s+to|i\\s+want\\s+to|i\\s+wanna|i\\s+need\\s+to|help\\s+me)\\s+)*";
