import { describe, expect, it } from 'vitest';
import { criterionOf, parseCommand, splitClauses } from '../../../src/main/agent/offline/grammar.ts';
import { similarity } from '../../../src/main/agent/offline/refs.ts';

describe('page command grammar (ko/en)', () => {
  it.each([
    [
      '이름 칸에 홍길동 넣고 확인 눌러',
      [
        { kind: 'fill', ref: '이름', value: '홍길동' },
        { kind: 'click', ref: '확인' },
      ],
    ],
    [
      'pick Express in the delivery options and go on',
      [{ kind: 'choose', option: 'Express', ref: 'delivery options' }, { kind: 'forward' }],
    ],
    ['검색 결과 두 번째 거 열어줘', [{ kind: 'result', verb: 'open', criterion: { by: 'nth', nth: 2 } }]],
    ['dismiss the cookie banner', [{ kind: 'dismiss', accept: false, ref: 'cookie banner' }]],
    [
      '약관 끝까지 내려서 동의 눌러',
      [
        { kind: 'scroll', to: 'bottom', ref: '약관' },
        { kind: 'click', ref: '동의' },
      ],
    ],
    [
      'type "Kim, Minji" into the name field, then press Save',
      [
        { kind: 'fill', ref: 'name field', value: 'Kim, Minji' },
        { kind: 'click', ref: 'Save' },
      ],
    ],
    ['open the last result', [{ kind: 'result', verb: 'open', criterion: { by: 'nth', nth: -1 } }]],
    ['가장 싼 직항 선택해줘', [{ kind: 'result', verb: 'pick', criterion: { by: 'cheapest', direct: true } }]],
    ['리뷰 탭 열어줘', [{ kind: 'choose', option: '리뷰', ref: 'tab' }]],
    ['uncheck newsletter', [{ kind: 'check', ref: 'newsletter', checked: false }]],
    ['2페이지로 가', [{ kind: 'page', n: 2 }]],
    ['accept the cookies', [{ kind: 'dismiss', accept: true }]],
    ['수량을 3으로 설정해', [{ kind: 'fill', ref: '수량', value: '3' }]],
  ])('%s', (text, clauses) => {
    expect(parseCommand(text)).toEqual({ clauses, unknown: [] });
  });

  it('keeps quoted values whole when cutting clauses', () => {
    expect(splitClauses('메모에 "내일 가고 싶어요" 넣고 저장 눌러')).toEqual(['메모에 "내일 가고 싶어요" 넣', '저장 눌러']);
  });

  it('a greeting or a thank-you asks for nothing; a name said with 이고 is a piece of its own', () => {
    expect(splitClauses('안녕하세요~ 내일 오후 3시로 예약할게요. 김하늘이고 연락처는 010-1111-2222. 감사합니다!')).toEqual([
      '내일 오후 3시로 예약할게요',
      '김하늘이고',
      '연락처는 010-1111-2222',
    ]);
    expect(splitClauses('Hi there! sort by rating, highest first. thanks')).toEqual(['sort by rating', 'highest first']);
    // (a word that only starts like a greeting stays: "Hiking", "높이고")
    expect(splitClauses('Hiking boots in size 10')).toEqual(['Hiking boots in size 10']);
    expect(splitClauses('소리를 높이고 저장해')).toEqual(['소리를 높이고 저장해']);
  });

  it('a value that ends in the request\'s own verb is no value for a place ("메뉴 중에 제일 싼 걸로 골라줘")', () => {
    expect(parseCommand('메뉴 중에 제일 싼 걸로 골라줘').clauses.filter((c) => c.kind === 'fill')).toEqual([]);
  });

  it('page commands said in passing: more of a list, a number for a thing, a box said no to, a cheap-first order in Korean', () => {
    expect(parseCommand('결과 더 보기').clauses).toEqual([{ kind: 'click', ref: 'more|더보기|더 보기|load more|show more|see more' }]);
    expect(parseCommand('make the stay 3 nights').clauses).toEqual([{ kind: 'fill', ref: 'stay', value: '3 nights' }]);
    expect(parseCommand('make it 2 inches').clauses.filter((c) => c.kind === 'fill')).toEqual([]); // a pronoun names no field
    expect(parseCommand('no candles please').clauses).toEqual([{ kind: 'check', ref: 'candle', checked: false, ifAny: true }]);
    expect(parseCommand('가격 싼 순으로 정렬해줘').clauses).toEqual([{ kind: 'choose', option: '가격 싼|가격 낮은', sort: true }]);
  });

  it('reports what it did not understand instead of guessing', () => {
    expect(parseCommand('혹시 날씨 어때').unknown).toEqual(['혹시 날씨 어때']);
  });

  it('reads criteria: budget, direct, order', () => {
    expect(criterionOf('under $300 nonstop')).toEqual({ by: 'cheapest', direct: true, maxPrice: 300 });
    expect(criterionOf('30만원 이하 제일 빠른 거')).toEqual({ by: 'earliest', maxPrice: 300_000 });
    expect(criterionOf('the 3rd one')).toEqual({ by: 'nth', nth: 3 });
  });

  it('scores references by label similarity', () => {
    expect(similarity('이름 칸', ['이름'])).toBe(1);
    expect(similarity('e-mail field', ['Your e-mail'])).toBeGreaterThan(0.5);
    expect(similarity('delivery', ['Sign me up'])).toBe(0);
  });
});

describe('Korean verb chains and settings phrasing', () => {
  it.each([
    [
      '알림 설정에서 마케팅 정보 수신 꺼주고 저장해',
      [
        { kind: 'check', ref: '알림 설정에서 마케팅 정보 수신', checked: false },
        { kind: 'click', ref: '저장' },
      ],
    ],
    [
      '언어를 English로 바꾸고 저장',
      [
        { kind: 'fill', ref: '언어', value: 'English' },
        { kind: 'click', ref: '저장' },
      ],
    ],
    ["add 'buy milk' to my list", [{ kind: 'fill', ref: '', value: 'buy milk' }, { kind: 'submit' }]],
    ["자주 묻는 질문 중에 '환불 기간' 펼쳐줘", [{ kind: 'click', ref: '환불 기간' }]],
  ])('%s', (text, clauses) => {
    expect(parseCommand(text)).toEqual({ clauses, unknown: [] });
  });
});

describe('paging and going on are clauses of their own', () => {
  it('a paging clause followed by another request is two steps, not paging alone', () => {
    const r = parseCommand('다음 페이지로 넘겨서 세 번째 공연 열어줘');
    expect(r.clauses[0]).toEqual({ kind: 'page', n: 'next' });
    expect(r.clauses).toHaveLength(2);
    expect(r.clauses[1]?.kind).not.toBe('page');
  });
  it('a clause that only starts with 다음 is neither paging nor going on', () => {
    const r = parseCommand('다음 페이지에 있는 할인 상품 보여줘');
    expect(r.clauses.map((c) => c.kind)).not.toContain('page');
    expect(r.clauses.map((c) => c.kind)).not.toContain('forward');
  });
  it('going on said whole is going on', () => {
    for (const s of ['다음으로 넘어가 주세요', '계속 진행해', 'continue']) expect(parseCommand(s).clauses).toEqual([{ kind: 'forward' }]);
  });
});

describe('a value said before 에 is not a field name', () => {
  it('a sum before 에 is the value and the words after it name the place', () => {
    expect(parseCommand('12만원에 희망 가격 넣어줘').clauses).toEqual([{ kind: 'fill', ref: '희망 가격', value: '12만원' }]);
  });
  it('a day said first leaves the clause to the readings that know days', () => {
    const r = parseCommand('다음 주 금요일에 2인 커트 예약 잡아줘');
    expect(r.clauses.filter((c) => c.kind === 'fill')).toEqual([]);
  });
  it('a field named in words keeps its value', () => {
    expect(parseCommand('메모에 문 앞에 두세요 적어줘').clauses).toEqual([{ kind: 'fill', ref: '메모', value: '문 앞에 두세요' }]);
  });
});

describe('a clause read only in part is not taken as read', () => {
  it('paging said first leaves the rest of the request to be read', () => {
    const r = parseCommand('3페이지로 가서 두 번째 강의 열어줘');
    expect(r.clauses[0]).toEqual({ kind: 'page', n: 3 });
    expect(r.clauses.length + r.unknown.length).toBeGreaterThan(1);
  });
  it('"and make it …" is a clause of its own: the value for what was just named', () => {
    expect(parseCommand('open the mugs tab and make it large').clauses).toEqual([
      { kind: 'choose', option: 'mugs', ref: 'tab' },
      { kind: 'choose', option: 'large' },
    ]);
  });
});

describe('a list of details with spaced slashes or bars', () => {
  it('each detail is a piece of its own; a slash inside a value is not a cut', () => {
    expect(splitClauses('성함 윤가람 / 연락처 010-3030-1212 / 메모 없음')).toEqual(['성함 윤가람', '연락처 010-3030-1212', '메모 없음']);
    expect(splitClauses('Name: Ivo Petrov | room 12')).toEqual(['Name: Ivo Petrov', 'room 12']);
    expect(splitClauses('size 10/12 please')).toEqual(['size 10/12']);
  });
});

describe('words around a request that ask for nothing', () => {
  it('a word of hesitation before it, a reason beside it, a courtesy after a short one', () => {
    expect(splitClauses('okay, shut the popup. changed my mind')).toEqual(['shut the popup']);
    expect(splitClauses('음 그냥 창 닫아 주세요, 죄송해요')).toEqual(['그냥 창 닫아 주세요']);
    expect(splitClauses('previous page plz')).toEqual(['previous page']);
    // (a longer clause keeps its "please": it may be the person's own words for a note)
    expect(splitClauses('leave it by the side gate next to the bins please')).toEqual([
      'leave it by the side gate next to the bins please',
    ]);
    // (a word that only starts like a filler is no filler)
    expect(splitClauses('아이 두 명 추가해 주세요')).toEqual(['아이 두 명 추가해 주세요']);
  });
});

describe('where a Korean sentence ends without a full stop', () => {
  it('at a polite ending with "~", or before laughter, and after "…하는 걸로"', () => {
    expect(splitClauses('내일 오후에 두 명 예약해 주세요~ 성함은 나은비')).toEqual(['내일 오후에 두 명 예약해 주세요', '성함은 나은비']);
    expect(splitClauses('창가 쪽으로 부탁해요 ㅎㅎ 연락처는 010-2020-3030')).toEqual(['창가 쪽으로 부탁해요', '연락처는 010-2020-3030']);
    expect(splitClauses('큰 방 되는 걸로 어른 넷')).toEqual(['큰 방 되는 걸로', '어른 넷']);
  });
});
