/** What a browse task tells the person about prices and sites, in Korean and English. */
import type { Text } from '../../../packs/types.ts';

export const PRICES_UNREADABLE: Text = {
  ko: '페이지에서 믿을 만한 요금을 읽지 못했어요 ({count}건 모두 가격이 없거나 {seen}처럼 맞지 않는 값이었어요). 결과를 보여드리지 않을게요.',
  en: 'I could not read a believable price on the page ({count} result(s), each without a price or with a value like {seen}). I will not show them.',
};

export const PRICES_NEXT: Text = {
  ko: '브라우저 화면에서 요금을 직접 확인하시거나 다른 사이트로 다시 요청해 주세요.',
  en: 'Check the prices in the browser view, or ask again on another site.',
};

export const NO_LOOP: Text = {
  ko: '이 작업은 레시피가 없는 사이트에서 실행할 수 없어요 (브라우저가 연결되어 있지 않거나 이 작업이 지원하지 않아요).',
  en: 'This task cannot run on a site it has no recipe for (no browser page is attached, or the task does not support it).',
};

export const PLACE_NOT_SHOWN: Text = {
  ko: '검색 결과 페이지가 요청하신 곳({said})의 결과라고 보여 주지 않아요. 다른 조건의 결과일 수 있어서 보여드리지 않을게요.',
  en: 'The results page does not say its results are for {said}, which you asked for. They may be for something else, so I will not show them.',
};

export const PLACE_NEXT: Text = {
  ko: '브라우저 화면에서 검색 조건을 확인하시거나, 그 사이트에서 쓰는 이름으로 다시 요청해 주세요.',
  en: 'Check the search in the browser view, or ask again with the name that site uses.',
};

export const CONTINUE_YOURSELF: Text = {
  ko: '선택하신 항목의 페이지를 브라우저 화면에 열었어요: {url}\n이 사이트에서는 제가 예약·결제를 진행하지 않아요. 화면에서 직접 이어서 진행해 주세요.',
  en: 'I opened the page of the one you chose in the browser view: {url}\nOn this site I do not book or pay for you; please continue there yourself.',
};

export const NOTHING_TO_OPEN: Text = {
  ko: '선택하신 항목에 열 수 있는 링크가 없어요. 브라우저 화면에서 직접 골라 주세요.',
  en: 'The one you chose has no link I can open. Please pick it in the browser view yourself.',
};
