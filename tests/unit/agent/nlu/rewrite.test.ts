/** Numbers as words, spoken Korean, misspellings and taken-back values, on sentences written for this test. */
import { describe, expect, it } from 'vitest';
import { MAX_INPUT, rewrite } from '../../../../src/main/agent/nlu/rewrite.ts';

describe('Korean number words', () => {
  it('rewrites only before a unit, and not inside a word', () => {
    expect(rewrite('예산 사십오만원 정도')).toBe('예산 450000원 정도');
    expect(rewrite('삼백만원 이하 노트북')).toBe('3000000원 이하 노트북');
    expect(rewrite('이사 가요')).toBe('이사 가요');
    expect(rewrite('2.5만원')).toBe('2.5만원');
  });
});

describe('English number words', () => {
  it('rewrites a run that ends in money, leaves "3 million" and "one way" alone', () => {
    expect(rewrite('one hundred twenty dollars tops')).toBe('120 dollars tops');
    expect(rewrite('about two grand')).toBe('about 2000 dollars');
    expect(rewrite('under 3 million won')).toBe('under 3 million won');
    expect(rewrite('one way to Lima')).toBe('one way to Lima');
  });
});

describe('spoken Korean and misspellings', () => {
  it.each([
    ['월욜 출발', '월요일 출발'],
    ['담주 금욜', '다음주 금요일'],
    ['담달 초', '다음달 초'],
    ['낼 아침', '내일 아침'],
    ['낼모레 가요', '모레 가요'],
    ['보낼 거야', '보낼 거야'],
    ['젤 빠른 시간으로', '제일 빠른 시간으로'],
    ['젤리 두 개', '젤리 두 개'],
    ['젤 먼저 지워주세요', '젤 먼저 지워주세요'],
    ['flying tomorow night', 'flying tomorrow night'],
    ['this wknd', 'this weekend'],
  ])('%s → %s', (from, to) => expect(rewrite(from)).toBe(to));
});

describe('a value taken back inside the sentence', () => {
  it.each([
    ['from Daegu — no wait, Gwangju', 'from Gwangju'],
    ['Osaka, I mean Nagoya', 'Nagoya'],
    ['청주 아니 양양으로', '양양으로'],
    ['305호 말고 306호로 보내주세요', '306호로 보내주세요'],
  ])('%s → %s', (from, to) => expect(rewrite(from)).toBe(to));
  it('leaves a sentence that only starts with a no', () => {
    expect(rewrite('아니 21일로')).toBe('아니 21일로');
  });
});

describe('bounded input', () => {
  it('reads at most MAX_INPUT characters', () => {
    expect(rewrite('1'.repeat(1_000_000)).length).toBe(MAX_INPUT);
  });
});

describe('Konglish travel words', () => {
  it.each([
    ['삿포로 원웨이', '삿포로 편도'],
    ['라운드트립으로', '왕복으로'],
    ['호텔 쓰리 나잇', '호텔 3박'],
    ['티켓 투 어덜트', '티켓 성인 2명'],
    ['논스탑만', '직항 만'],
  ])('%s → %s', (from, to) => expect(rewrite(from)).toBe(to));
  it('leaves 포 or 원 inside Korean words', () => {
    expect(rewrite('포나잇')).toBe('4박');
    expect(rewrite('만원')).toBe('만원');
    expect(rewrite('병원 나잇')).toBe('병원 나잇');
  });
});

describe('a number taken back and said again', () => {
  it('lays the new number over the old one and keeps the rest of the sentence', () => {
    expect(rewrite('예약번호 5521 7730 아니고 5521-7703 환불이요')).toBe('예약번호 5521-7703 환불이요');
    expect(rewrite('배송지 대전 유성구 봉명동 12 그린빌 301호 말고 302호로')).toBe('배송지 대전 유성구 봉명동 12 그린빌 302호로');
    expect(rewrite('send it to 9 Sejong-daero, Jung-gu, apt 7 — sorry, apt 8')).toBe('send it to 9 Sejong-daero, Jung-gu, apt 8');
    expect(rewrite('hotel from the 3rd — actually the 4th — for 2 nights')).toBe('hotel from the 4th — for 2 nights');
    expect(rewrite('성인 셋 아니고 2명')).toBe('성인 셋 아니고 2명');
  });
  it('leaves a sentence alone when no number of the same kind is taken back', () => {
    expect(rewrite('on the 5th, sorry, 2 adults')).toBe('on the 5th, sorry, 2 adults');
    expect(rewrite('쿠팡 말고 다른 데서')).toBe('쿠팡 말고 다른 데서');
    expect(rewrite('actually I want a window seat')).toBe('actually I want a window seat');
  });
});

describe('numbers said as words where a date or a phone number is meant', () => {
  it('reads a phone number read out digit by digit', () => {
    expect(rewrite('연락처는 공일공 사사삼삼 이이일일')).toBe('연락처는 01044332211');
    expect(rewrite('my number is oh one oh, five five five, one two one two')).toBe('my number is 0105551212');
  });
  it('reads Sino-Korean months and days, and English ordinal days', () => {
    expect(rewrite('칠월 이십오일에 출발')).toBe('7월 25일에 출발');
    expect(rewrite('시월 구일')).toBe('10월 9일');
    expect(rewrite('fly on the thirty-first of March')).toBe('fly on the 31st of March');
    expect(rewrite('back on January second')).toBe('back on January 2nd');
  });
  it('leaves ordinary words alone', () => {
    expect(rewrite('이사 가는데 일이 많아')).toBe('이사 가는데 일이 많아');
    expect(rewrite('the first flight out')).toBe('the first flight out');
    expect(rewrite('call me at one')).toBe('call me at one');
  });
});

describe('typed dates and words', () => {
  it('mends a long month name one typo away, beside a day number only', () => {
    expect(rewrite('Tokyo hotel Febraury 3')).toBe('Tokyo hotel february 3');
    expect(rewrite('the 9th of Novmber')).toBe('the 9th of november');
    expect(rewrite('the Octagon 3')).toBe('the Octagon 3');
  });

  it('reads "12원 20일", "1얼 8일" as a month mistyped, not money', () => {
    expect(rewrite('11원 3일 김포 제주')).toBe('11월 3일 김포 제주');
    expect(rewrite('2얼 14일 호텔')).toBe('2월 14일 호텔');
    expect(rewrite('12원 남았어')).toBe('12원 남았어');
  });

  it('mends "survay" and "fil out"', () => {
    expect(rewrite('pls fil out this servey')).toBe('pls fill out this survey');
  });

  it('reads a bare Sino-Korean day ("이십오일", "삼십일일에")', () => {
    expect(rewrite('제주 이십삼일 출발')).toBe('제주 23일 출발');
    expect(rewrite('삼십일일에 가요')).toBe('31일에 가요');
    expect(rewrite('일일이 다 해야 해')).toBe('일일이 다 해야 해');
  });

  it('takes back a phrase said again from its first word', () => {
    expect(rewrite('Galaxy S25 — wait, Galaxy Z Flip 7 — lowest price')).toBe('Galaxy Z Flip 7 — lowest price');
    expect(rewrite('flights to Osaka, sorry, flights to Fukuoka')).toBe('flights to Fukuoka');
    expect(rewrite('버즈3 프로 말고 버즈3 FE 최저가')).toBe('버즈3 FE 최저가');
    expect(rewrite('a flight to Osaka, actually to Fukuoka')).toBe('a flight to Fukuoka');
    // a take-back that names nothing said before changes nothing
    expect(rewrite('쿠팡 말고 딴 데서')).toBe('쿠팡 말고 딴 데서');
  });
});

describe('a unit taken back beside other numbers', () => {
  it('replaces the last number with that unit, keeping the street or building number before it', () => {
    expect(rewrite('대전 서구 둔산로 100, 302호 말고 303호')).toBe('대전 서구 둔산로 100, 303호');
    expect(rewrite('105동 801호 말고 802호로 보내줘')).toBe('105동 802호로 보내줘');
    // plain numbers said again whole are still one number
    expect(rewrite('주문 5512 0098 아니 55120089')).toBe('주문 55120089');
  });
});

describe('what is not taken back', () => {
  it('a sentence that starts again after the marker adds; it takes nothing back', () => {
    expect(rewrite('I need a flight to Osaka, actually I need two seats')).toBe('I need a flight to Osaka, actually I need two seats');
    expect(rewrite('hotel in Busan, sorry we want two rooms')).toBe('hotel in Busan, sorry we want two rooms');
    // "sorry I mean X" is still a take-back
    expect(rewrite('out of Yeosu, sorry I mean Gwangju, to Jeju')).toBe('out of Gwangju, to Jeju');
  });

  it('a number taken back is replaced by one as long, and what follows stays', () => {
    expect(rewrite('Incheon to Hanoi on the 14th, sorry the 15th, 3 adults')).toBe('Incheon to Hanoi on the 15th, 3 adults');
  });
});
