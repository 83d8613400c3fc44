/** Texts the conversation itself says (packs hold every domain text). */
import { both } from '../packs/text.ts';

export const ENGINE_TEXTS = {
  help: both(
    '무엇을 도와드릴까요? 예: "12월 20일 인천에서 나리타 가는 직항 찾아줘", "에어팟 프로 2 가격 비교해줘", "배송지 바꿔줘", "환불해 주세요".',
    'What can I do for you? For example: "find a direct flight ICN to NRT on 20 Dec", "compare prices for AirPods Pro 2", "change my shipping address", "I want a refund".',
  ),
  cancelled: both(
    '알겠어요. 진행하던 {task} 작업을 취소했어요. 실행된 변경은 없어요.',
    'All right, I cancelled {task}. Nothing was changed.',
  ),
  cancelledAfterChange: both('알겠어요. {task} 작업을 여기서 멈췄어요.', 'All right, I stopped {task} here.'),
  badValue: both('"{value}"(은)는 {slot} 값으로 쓸 수 없어요.', 'I cannot use "{value}" as {slot}.'),
  clarify: both(
    '"{mention}"(은)는 여러 곳일 수 있어요: {options}. 어느 쪽인가요?',
    '"{mention}" could mean several places: {options}. Which one?',
  ),
  cannotHandle: both('그 요청은 제가 처리할 수 없어요 ({reason}).', 'I cannot handle that request ({reason}).'),
  backToTask: both('이어서 진행할게요.', 'Back to your task.'),
  briefReady: both('이렇게 찾아볼게요: {brief}', 'Here is what I will look for: {brief}'),
  switched: both('{from} 작업 대신 {to} 작업을 시작할게요.', 'Switching from {from} to {to}.'),
  handOver: both(
    '브라우저 화면에서 직접 진행해 주세요. 끝나면 "완료"라고 알려주세요.',
    'Please continue in the browser view yourself, then tell me when you are done.',
  ),
  handOverNotYet: both(
    '페이지에는 아직 완료된 것으로 보이지 않아요. 브라우저에서 마저 진행하신 뒤 다시 알려주세요. 계속 기다릴게요.',
    'The page does not show it finished yet. Please finish in the browser, then tell me again; I am still waiting.',
  ),
  handOverNotYetSays: both(
    '페이지에는 아직 완료되지 않았다고 나와요: {says}. 브라우저에서 이 부분을 마친 뒤 다시 알려주세요. 계속 기다릴게요.',
    'The page says it is not finished yet: {says}. Please fix that in the browser, then tell me again; I am still waiting.',
  ),
  approvalAsk: both(
    '다음 단계는 승인이 필요해요: {summary}. 진행할까요?',
    'The next step needs your approval: {summary}. Shall I go ahead?',
  ),
  rejected: both('알겠어요. 그 단계는 실행하지 않았어요.', 'All right, I did not run that step.'),
  rejectedReason: both('(사유: {reason})', '(reason: {reason})'),
  understandingFailed: both(
    '말씀을 이해하는 모델이 제대로 답하지 못했어요. 잠시 후 다시 말씀해 주시거나, 설정에서 기본(오프라인) 해석기를 골라 주세요.',
    'The model that reads your messages did not answer properly. Say it again in a moment, or choose the built-in (offline) reader in the settings.',
  ),
  nothingPending: both('지금 승인을 기다리는 단계가 없어요.', 'No step is waiting for approval.'),
  tryLater: both('잠시 후 다시 시도해 주세요.', 'Try again later.'),
  noSite: both('이 작업에 쓸 사이트 주소가 설정되어 있지 않아요.', 'No site is set up for this task.'),
  noSiteNext: both('설정에서 사이트 주소를 추가한 뒤 다시 요청해 주세요.', 'Add the site address in the settings, then ask again.'),
  noBrowser: both('이 작업에 쓸 브라우저가 연결되어 있지 않아요.', 'No browser is attached for this task.'),
  attachBrowser: both('브라우저를 연결한 뒤 다시 요청해 주세요.', 'Attach a browser, then ask again.'),
  or: both(' 또는 ', ' or '),
  yes: both('네', 'yes'),
  no: both('아니요', 'no'),
  yesButton: both('네', 'Yes'),
  noButton: both('아니요', 'No'),
  policyOverrideIgnored: both('정책 재정의가 적용되지 않았습니다', 'Policy override not applied'),
};

/** Why an approval card is shown, per approval kind (the policy's kinds) and for a hand-over. */
export const RULE_TEXTS = {
  payment: both('결제는 항상 사람의 승인이 필요합니다.', 'Payments always need your approval.'),
  submission: both('제출은 항상 사람의 승인이 필요합니다.', 'Submissions always need your approval.'),
  account_change: both(
    '계정·주문 정보 변경은 항상 사람의 승인이 필요합니다.',
    'Changes to an account or an order always need your approval.',
  ),
  hand_over: both('이 단계는 엔진이 하지 않습니다. 직접 하셔야 합니다.', 'The engine never does this step itself; it is yours to do.'),
  other: both('이 단계는 승인이 필요합니다.', 'This step needs your approval.'),
};
