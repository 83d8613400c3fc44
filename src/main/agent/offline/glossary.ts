/**
 * Everyday words of forms and errands in Korean and English, so a request in one language can
 * name a field or an option of a page written in the other ("답변은 전화로" on a page whose
 * radio says "Phone call"; "reply by email" on a page that says "이메일"). Each row is one
 * meaning; the first word of a row is its English head. Common vocabulary, no page's own words.
 */
const ROWS: string[][] = [
  // fields
  ['name', '이름', '성함', '성명', '예약자', '신청자'],
  ['birth date', 'born', 'date of birth', 'birthday', 'dob', '생년월일', '생일'],
  ['email', 'e-mail', '이메일', '메일', '전자우편'],
  ['phone', 'phone call', 'call', 'telephone', 'mobile', '전화', '휴대폰', '핸드폰', '연락처', '전화번호'],
  ['message', 'comment', 'body', 'content', '내용', '메시지', '본문', '댓글', '문의 내용'],
  ['topic', 'subject', 'category', 'type', 'kind', '주제', '유형', '종류', '분류', '문의 유형'],
  ['title', '제목'],
  ['address', '주소', '도로명'],
  ['detail', 'detailed address', 'address line 2', 'apartment', 'suite', 'floor', '상세주소', '상세 주소', '층'],
  ['postcode', 'postal code', 'zip', '우편번호'],
  ['code', 'verification code', 'otp', 'one-time code', '인증번호', '인증 번호', '인증코드'],
  ['reply', 'answer', 'response', '답변', '답장', '회신'],
  ['payment', 'pay', '결제', '지불', '결제 방법', '결제는'],
  ['size', '크기', '사이즈'],
  ['order number', 'order no', 'order id', '주문번호', '주문 번호'],
  ['member number', 'membership number', 'member no', 'member id', '회원번호', '회원 번호', '회원 아이디'],
  ['guest', 'guest name', 'companion', '동반인', '동반자', '동반인 이름', '게스트'],
  ['card number', 'library card', 'library card number', '카드번호', '카드 번호', '도서관 카드', '도서관 카드번호'],
  ['attendees', 'number of attendees', 'people', 'headcount', '인원', '인원수', '참석자', '참석 인원'],
  ['purpose', 'reason for booking', '목적', '용도', '사용 목적'],
  ['reason', 'why', '사유', '이유'],
  ['amount', 'sum', '금액', '액수'],
  ['item type', 'kind of item', 'type of item', 'item category', '물품 종류', '품목', '물품 유형'],
  ['quantity', 'qty', '수량', '개수'],
  ['date', 'day', '날짜', '일자'],
  ['time', '시간', '시각'],
  ['department', 'specialty', '진료과', '과'],
  ['branch', 'pickup location', '지점', '지점명'],
  ['language', '언어'],
  ['notification', 'notifications', 'alerts', '알림', '알림 설정'],
  ['newsletter', '뉴스레터', '소식지'],
  ['coupon', 'coupon code', 'promo code', '쿠폰', '쿠폰 코드', '할인 코드'],
  ['theme', 'appearance', '테마', '화면 모드'],
  // people a message comes from
  ['mom', 'mother', 'mum', '엄마', '어머니'],
  ['dad', 'father', '아빠', '아버지'],
  ['landlord', '집주인', '임대인'],
  ['boss', 'manager', '팀장', '상사'],
  ['friend', '친구'],
  ['doctor', 'dr', '의사', '선생님'],
  // actions
  ['confirm', 'ok', '확인'],
  ['save', '저장', '저장하기'],
  ['submit', '제출', '제출하기'],
  ['send', '보내기', '전송'],
  ['search', 'find', '검색', '조회', '찾기'],
  ['apply', '적용', '적용하기'],
  ['book', 'reserve', 'booking', 'reservation', '예약', '예약하기'],
  // (tickets are 예매, a table or a room 예약: the two are not one word to each other)
  ['book tickets', 'reserve', 'book', '예매', '예매하기'],
  ['cancel', '취소'],
  ['close', '닫기'],
  ['delete', 'remove', 'trash', '삭제', '지우기', '휴지통'],
  ['archive', '보관', '보관하기', '보관함'],
  ['star', 'favorite', 'favourite', '별표', '즐겨찾기', '중요 표시'],
  ['reply', 'respond', '답장', '답글', '회신', '댓글'],
  ['reject', 'decline', 'refuse', '거부', '거절', '모두 거부'],
  ['accept', 'allow', '수락', '허용', '모두 허용'],
  ['add to cart', 'add to basket', 'add to bag', '장바구니', '장바구니 담기', '담기'],
  ['continue', 'next', '계속', '다음'],
  // options
  ['delivery', 'shipping', '배송', '배달'],
  ['refund', '환불'],
  ['exchange', '교환'],
  ['return', '반품'],
  ['account', 'my account', '계정'],
  ['other', 'something else', 'etc', '기타'],
  ['cash', '현금', '만나서 현금'],
  ['card', 'credit card', '카드', '신용카드'],
  ['morning', 'am', 'a.m.', '오전'],
  ['afternoon', 'pm', 'p.m.', '오후'],
  ['evening', '저녁'],
  ['agree', '동의', '그렇다'],
  ['strongly agree', '매우 동의', '매우 그렇다'],
  ['disagree', '비동의', '동의 안 함', '아니다', '그렇지 않다'],
  ['strongly disagree', '매우 비동의', '전혀 아니다'],
  ['neutral', 'neither', '보통', '중립', '그저 그렇다'],
  ['large', 'l', '라지', '대'],
  ['medium', 'm', '미디엄', '레귤러', '중'],
  ['small', 's', '스몰', '소'],
  ['yes', '예', '네'],
  ['no', '아니요', '아니오'],
  ['dark', 'dark mode', '다크', '어두운', '어둡게', '다크 모드'],
  ['light', 'light mode', '라이트', '밝은', '밝게', '라이트 모드'],
  // who a ticket is for, and how many
  ['adult', 'adults', '성인', '어른', '대인'],
  ['child', 'children', 'kid', 'kids', '어린이', '아동', '소인', '아이', '애', '애기'],
  ['teen', 'teens', 'youth', 'teenager', '청소년'],
  ['senior', 'seniors', '경로', '어르신', '시니어'],
  ['infant', 'infants', 'baby', 'babies', 'toddler', '유아', '영유아', '아기'],
  ['student', 'students', '학생', '대학생'],
  ['tickets', 'ticket', 'number of tickets', '매수', '티켓', '관람권', '입장권'],
  // orders a list is sorted in
  ['newest', 'latest', 'most recent', 'newest first', '최신', '최신순', '최근순'],
  ['lowest price', 'price low to high', 'low to high', '낮은 가격순', '가격 낮은순', '최저가', '최저가순'],
  ['highest price', 'price high to low', 'high to low', '높은 가격순', '가격 높은순'],
  ['english', '영어'],
  ['korean', '한국어'],
  ['weekly', 'weekly digest', 'weekly summary', '주간', '주간 요약', '매주'],
  ['daily', '매일', '일간'],
  ['monthly', '매월', '월간'],
  ['never', 'off', 'none', '받지 않음', '안 받음'],
  ['internal medicine', '내과'],
  ['dermatology', 'skin', '피부과'],
  ['pediatrics', '소아과', '소아청소년과'],
  ['dentistry', 'dental', '치과'],
  ['ophthalmology', 'eye', '안과'],
  ['orthopedics', '정형외과'],
  ['express', 'fast', '빠른 배송', '특급'],
  ['standard', 'regular', '일반', '표준', '기본'],
  ['pickup', 'pick up', 'click & collect', 'collect', '매장 픽업', '픽업', '방문 수령'],
  ['basic', '베이직', '기본형'],
  ['premium', '프리미엄', '고급'],
  ['one-way', 'one way', '편도'],
  // kinds of class, things sold second-hand, what a room is booked for
  ['yoga', '요가'],
  ['cycle', 'cycling', 'spin', 'spinning', '사이클', '스피닝', '실내 자전거'],
  ['pilates', '필라테스'],
  ['swimming', 'swim', '수영'],
  ['boxing', '복싱', '권투'],
  ['dance', '댄스', '춤'],
  ['bicycle', 'bike', '자전거'],
  ['interview', '면접'],
  ['tutoring', 'tutor', '과외', '튜터링'],
  ['group study', 'study group', '스터디', '그룹 스터디', '조별 과제'],
  ['meeting', '회의', '미팅'],
  ['round trip', 'return trip', '왕복'],
  // how a service is had: the person comes to the shop, or the shop comes to them
  [
    'in store',
    'in-store',
    'visit the store',
    'come in',
    'drop in',
    'drop it off',
    'bring it in',
    '매장 방문',
    '매장방문',
    '직접 방문',
    '가게 방문',
    '갈게요',
    '갈께요',
    '들를게요',
    '가져갈게요',
    '갖다드릴게요',
    '가져다드릴게요',
  ],
  [
    'home visit',
    'at home',
    'come to me',
    'come round',
    'come over',
    '출장',
    '방문 서비스',
    '와주세요',
    '와 주세요',
    '와주실 수',
    '와주실수',
  ],
  // how a sheet is printed
  ['both sides', 'front and back', 'double-sided', 'double sided', 'two-sided', 'duplex', '양면', '앞뒤', '앞뒷면'],
  ['one side', 'front only', 'single-sided', 'single sided', 'one-sided', '단면', '앞면만'],
];

const norm = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

const INDEX = new Map<string, number[]>();
for (const [i, row] of ROWS.entries()) {
  for (const w of row) INDEX.set(norm(w), [...(INDEX.get(norm(w)) ?? []), i]);
}

/** The person's words and the same meaning in the other language, as alternatives ("전화로" → "전화|phone|phone call|…"). */
export function sameMeaning(words: string): string {
  const w = norm(words).replace(/(?<=[가-힣])(?:으로|로|은|는|을|를|이요|요|이|가)$/, '');
  const rows = INDEX.get(w) ?? [];
  const out = [words.trim(), ...(w !== norm(words) ? [w] : []), ...rows.flatMap((i) => ROWS[i] ?? []).filter((x) => x.length > 1)];
  return [...new Set(out)].join('|');
}

/**
 * A phrase said in one language as the other would say it: the whole phrase when it is one
 * meaning, else word by word ("이메일 알림" → "email notification"); undefined when no word is known.
 */
export function translated(phrase: string): string[] {
  const whole = INDEX.get(norm(phrase));
  if (whole) return whole.flatMap((i) => ROWS[i] ?? []);
  const words = norm(phrase).split(' ');
  if (words.length < 2) return [];
  let known = 0;
  const en = words.map((w) => {
    const row = INDEX.get(w.replace(/(?<=[가-힣])(?:으로|로|은|는|을|를|이|가|의)$/, ''))?.[0];
    if (row === undefined) return w;
    known++;
    return ROWS[row]?.[0] ?? w;
  });
  return known ? [en.join(' ')] : [];
}

/**
 * The other words for each phrase of several words the text says whole ("printed both sides" →
 * "front and back", "double-sided", …): what a page may call it. Single words are left to
 * `sameMeaning` and `translated`.
 */
export function phraseSynonyms(text: string): string[] {
  const t = ` ${norm(text).replace(/[^\p{L}\p{N}&-]+/gu, ' ')} `;
  const out: string[] = [];
  // (a Korean word said alone counts too: its endings carry what English says in several words — "갈게요", "I'll come in")
  for (const [key, rows] of INDEX)
    if ((/[\s-]/.test(key) || (/[가-힣]/.test(key) && key.length >= 3)) && t.includes(` ${key} `))
      for (const i of rows) out.push(...(ROWS[i] ?? []).filter((w) => w !== key));
  return [...new Set(out)];
}

/** Whether two words share a meaning row (or are the same words). */
export function meansSame(a: string, b: string): boolean {
  const x = INDEX.get(norm(a));
  const y = INDEX.get(norm(b));
  return norm(a) === norm(b) || !!(x && y && x.some((i) => y.includes(i)));
}
