import { describe, expect, it } from 'vitest';
import { closedWeekdays, dayShown } from '../../../../src/main/agent/offline/day-words.ts';
import { amountOf, rowActionOf, rowRequestOf } from '../../../../src/main/agent/offline/row-words.ts';

const NOW = new Date('2026-12-01T09:00:00+09:00');
const read = (t: string) => rowRequestOf(t, NOW, 'Asia/Seoul');

describe('a request for one row and its own action', () => {
  it('reads the day, the superlative and the words the row must show, not the title before a name ("… with Coach Reyes")', () => {
    const r = read('book me into the earliest cycle class this thursday with Coach Reyes');
    expect(r).toMatchObject({ date: '2026-12-03', by: 'earliest', words: ['cycle', 'Reyes'] });
    expect(read('박지훈 강사님 필라테스 신청해줘')?.words).toEqual(['박지훈', '필라테스']);
    expect(r?.action.split('|')).toContain('book');
  });

  it('reads a Korean day and "제일 늦게 하는" as the latest, keeping a word that ends like a particle ("요가")', () => {
    expect(read('토요일 요가 수업 중에 제일 늦게 하는 거 예약해줘')).toMatchObject({ date: '2026-12-05', by: 'latest', words: ['요가'] });
  });

  it('the waitlist is its own action, with the clock time said ("Friday\'s 6pm cycle class")', () => {
    const r = read("put me on the waitlist for Friday's 6pm cycle class");
    expect(r).toMatchObject({ date: '2026-12-04', time: '18:00', words: ['cycle'] });
    expect(r?.action).toMatch(/^join waitlist/);
  });

  it('a message said in quotes is what to send, not a day or a word of the row ("…"라고 채팅 보내줘)', () => {
    const r = read('판매중인 자전거 중에 제일 싼 거 판매자한테 "오늘 저녁에 거래 가능할까요?"라고 채팅 보내줘');
    expect(r).toMatchObject({ by: 'cheapest', available: true, words: ['자전거'], message: '오늘 저녁에 거래 가능할까요?' });
    expect(r?.date).toBeUndefined();
    expect(r?.action).toMatch(/^chat/);
  });

  it('a quoted title names the row, the quote after "saying" is the message', () => {
    expect(read('send the seller of "MTB 산악 자전거" a chat saying "Is it still available?"')).toMatchObject({
      words: ['MTB 산악 자전거'],
      message: 'Is it still available?',
    });
  });

  it('an offer carries its amount in won ("35만원" is 350000)', () => {
    expect(read('접이식 자전거에 35만원으로 가격 제안 넣어줘')).toMatchObject({ words: ['접이식', '자전거'], amount: '350000' });
    expect(amountOf('offer ₩120,000 for it')).toBe('120000');
    expect(amountOf('3천원')).toBe('3000');
    expect(read('offer 350k for the oak desk')).toMatchObject({ words: ['oak', 'desk'], amount: '350000' });
    expect(amountOf('offer 350000 for it')).toBe('350000');
  });

  it('a message said without quotes after "saying" runs to the end', () => {
    expect(read('message the seller of the cheapest desk saying is this still available')).toMatchObject({
      words: ['desk'],
      by: 'cheapest',
      message: 'is this still available',
    });
  });

  it('no row action, no reading', () => {
    expect(rowActionOf('이름 칸에 홍길동 넣어줘')).toBeUndefined();
    expect(read('scroll to the bottom')).toBeUndefined();
  });
});

describe('hours said as words', () => {
  it('"from 10 to noon" is 10:00 to 12:00 on a grid of hours', async () => {
    const { slotRequestOf } = await import('../../../../src/main/agent/offline/slot-words.ts');
    const r = slotRequestOf(
      'hold the Board Room from 10 to noon',
      ['Board Room', 'Annex'],
      [540, 600, 660, 720, 780],
      new Date('2026-12-01T09:00:00+09:00'),
      'Asia/Seoul',
    );
    expect(r).toMatchObject({ from: 600, to: 720 });
  });
});

describe('rows told apart by what they show, not by words about the errand', () => {
  it("a row that says it is closed on the day asked is not that day's", () => {
    expect([...closedWeekdays('김 코치 · 수·토요일 휴무')].sort()).toEqual([3, 6]);
    expect([...closedWeekdays('Closed Mondays & Tue')].sort()).toEqual([1, 2]);
    expect(closedWeekdays('★ 4.5 · 주말 가능').size).toBe(0);
  });

  it('a rating is no day', () => {
    expect(dayShown('★ 4.9 · 경력 3년')).toBeUndefined();
    expect(dayShown('평점 4.7')).toBeUndefined();
    expect(dayShown('12.3 (목)')).toBe('12-03');
  });
});
