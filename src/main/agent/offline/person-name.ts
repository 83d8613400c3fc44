import { purposeOfWords } from '../page-model/purpose.ts';

/**
 * A piece of a request that is only the person's name, said the way people introduce
 * themselves: "최하람", "한유나입니다", "오세림이고", "I'm Rosa Lind", "name's Omar Haddad",
 * "this is Ken Ito". A Korean name is two to four syllables that start with a family name;
 * an English one is two or three capitalised words after words that introduce a name.
 */
/** everyday words that start like a family name */
const COMMON =
  /^(?:이거|이것|이번|이건|이름|이메일|이용|이전|이후|주소|주문|주세요|정도|정말|정보|조회|조금|김치|박스|최대|최소|최근|강의|장소|장바구니|한번|한국|오늘|오전|오후|서울|신청|신규|권한|황금|안내|안녕|송금|유진|전화|전체|홍보|고객|문의|양식|손님|배송|백화점|허용|남자|노인|하루|성함|성명|차량|주차|우편|구매|민원|진료|나이|지금|지역|채팅|원래|천천히|방문|공지|현재|변경|여기|추가|도착|소개|석식|선택|설정|마감|길이|연락|연락처|위치|표시|명의|기간|반품|왕복|금액|인원|제목|모두|국내|예약|경로|사용|부탁|가격|복사|태그|목록|형식|두번|동의|온라인|호실)$/;

/** endings of departments, rooms, shops and places ("피부과", "민원실", "강남점", "서울역"), not of given names */
const PLACE_END = /(?:과|실|점|역|층|청|센터|병원|구|시|군|읍|면|로|길)$/;

const KO_FAMILY =
  '김이박최정강조윤장임한오서신권황안송류유전홍고문양손배백허남심노하곽성차주우구민진나지엄채원천방공현함변염여추도소석선설마길연위표명기반왕금옥육인맹제모탁국어은편용예경봉사부가복태목형피두감음빈동온호';
const KO_NAME = new RegExp(`^([${KO_FAMILY}][가-힣]{1,3}?)(?:입니다|이에요|예요|이고요?|이구요|이요|요|인데요?)?$`);
const EN_NAME =
  /^(?:(?:i'?m|i am|this is|it'?s|my name is|my name's|name is|name's|name:|(?:the\s+)?(?:driver|guest|patient|owner|passenger|renter|applicant|customer|buyer|booker|contact|student|member)(?:'s|\s+is|:)?)\s+)((?:\p{Lu}[\p{Ll}'-]+)(?:\s+\p{Lu}[\p{Ll}'-]+){1,2})$/iu;

/** a count said with its counter ("두명", "세분"): a number, not a family name and a given name */
const COUNTED = /^(?:한|두|세|네|다섯|여섯|일곱|여덟|아홉|열)\s*(?:명|분|개|장|마리|대|시|살|번)/;

export function personNameIn(piece: string): string | undefined {
  const p = piece.trim().replace(/[.!,]+$/, '');
  if (COUNTED.test(p)) return undefined;
  const ko = KO_NAME.exec(p);
  // a word a form uses for one of its places ("연락처", "이메일", "주소") is not a name
  if (ko?.[1] && ko[1].length >= 2 && ko[1].length <= 4 && !purposeOfWords(ko[1]) && !COMMON.test(ko[1]) && !PLACE_END.test(ko[1]))
    return ko[1];
  const en = EN_NAME.exec(p);
  // the name's own words must be capitalised even though the lead-in may not be
  if (en?.[1] && en[1].split(/\s+/).every((w) => /^\p{Lu}/u.test(w))) return en[1];
  return undefined;
}
