/** Shapes a value says its purpose by: an e-mail, a phone number, a date, a street address. */

export const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
// (and a number said the British way, "07700 900456", or the North American way, "617-555-0121", "(206) 555 0147")
export const PHONE =
  /(?:\+\d{1,3}[\s-]?)?\b0\d{1,2}[\s.-]?\d{3,4}[\s.-]?\d{4}\b|\b0\d{4}\s?\d{6}\b|(?:\+1[\s.-]?)?(?:\(\d{3}\)\s?|\b\d{3}[\s.-])\d{3}[\s.-]\d{4}\b/;
export const DATE =
  /\b\d{4}[-./]\d{1,2}[-./]\d{1,2}\b|(?:\d{2,4}\s*년\s*)?\d{1,2}\s*월\s*\d{1,2}\s*일|\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?\b|\b\d{1,2}\s+(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)(?:\s+\d{4})?\b/i;
export const SIGNS_UP = /subscribe|sign up|register|join|구독|가입|신청|등록/i;
/** a street address said as number + street words, or a Korean road name + number */
export const STREET =
  /^\d+[A-Za-z]?\s+[\p{L}' .-]+?\s(?:road|rd|street|st|avenue|ave|boulevard|blvd|lane|ln|drive|dr|way|ro|gil|daero)\b.*$|^(?:[가-힣]+\s+){0,3}[가-힣0-9]+(?:로|길|대로)\s*\d+(?:-\d+)?(?:\s.*)?$/iu;
/** Words of a button that takes something away or undoes: never pressed as a send or a row's way in. */
export const TAKES_AWAY = /delete|remove|cancel|discard|unsubscribe|reset|clear|삭제|취소|해지|제거|탈퇴|초기화|지우/i;

/** A postcode said the British way ("M1 2AB", "SW1A 1AA") or the Canadian way ("K1A 0B6"): letters and digits in two groups. */
export const POSTCODE = /^(?:[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}|[A-Z]\d[A-Z]\s?\d[A-Z]\d)$/;
export const FOR_NAME = /\bfor\s+((?:[A-Z][a-z'-]+)(?:\s+[A-Z][a-z'-]+){1,2})\b/;

/** Words that only say the number is a phone's ("phone", "연락처는", "call me on"). */
export const PHONE_WORDS =
  /^(?:(?:my|the|her|his|our|제|내|저의|우리|보호자)\s*)?(?:phone|mobile|cell|tel|telephone|number|contact number|call me (?:on|at)|연락처|전화번호|전화|휴대폰|핸드폰|폰|번호)(?:\s*(?:number|no\.?|is|:|은|는|번호))*\s*$/i;

/** A car's plate ("45다 6789") said with another detail after it ("… 모닝"): the plate, then the rest. */
export const PLATE_AND_MORE = /^(\d{2,3}\s?[가-힣]\s?\d{4})\s+(\S.*)$/;

/** A flat or suite said alone ("1502호", "7동 805호", "3층", "Apt 4B", "Suite 210"). */
export const UNIT =
  /^(?:\d{1,4}\s*동\s*)?\d{1,5}\s*호$|^\d{1,3}\s*층$|^(?:apt|apartment|unit|suite|flat|ste|room)\.?\s*#?\s*[\dA-Z][\w-]{0,5}$|^#\s*\d{1,5}$/i;
/** A box for the rest of an address: its flat, suite or floor. */
export const UNIT_BOX = /상세|나머지\s*주소|동\s*[/·]?\s*호|호수|apt|apartment|suite|unit|flat|address\s*(?:line\s*)?2|detail/i;
