/** The daemon's input side: the line reader (chunking, cap) and the request schema (field named, unknown op refused). */
import { describe, expect, it } from 'vitest';
import { LineReader } from '../../../src/cli/daemon/line-reader.ts';
import { parseRequestLine } from '../../../src/cli/daemon/request-schema.ts';
import { StewardError } from '../../../src/shared/errors.ts';

const caller = { cliPid: 10, parentPid: 9, cwd: '/tmp' };

describe('LineReader', () => {
  it('gives the same lines however the bytes are cut, multi-byte characters included', () => {
    const text = '{"a":"가나다"}\n\n{"b":"ü"}\npartial';
    const bytes = Buffer.from(text);
    for (const size of [1, 2, 3, 7, bytes.length]) {
      const r = new LineReader(1024);
      const lines: string[] = [];
      for (let i = 0; i < bytes.length; i += size) lines.push(...r.push(bytes.subarray(i, i + size)).lines);
      expect(lines).toEqual(['{"a":"가나다"}', '', '{"b":"ü"}']);
      expect(r.pendingBytes).toBe('partial'.length);
    }
  });

  it('reports a line past the cap once, keeps nothing of it, and reads nothing after it', () => {
    const r = new LineReader(10);
    expect(r.push(Buffer.from('ok\n12345'))).toEqual({ lines: ['ok'], overflow: false });
    expect(r.push(Buffer.from('678901'))).toEqual({ lines: [], overflow: true });
    expect(r.pendingBytes).toBe(0);
    expect(r.push(Buffer.from('x\nlater\n'))).toEqual({ lines: [], overflow: false });
    expect(r.overflowed).toBe(true);
  });

  it('a line exactly at the cap is accepted', () => {
    const r = new LineReader(5);
    expect(r.push(Buffer.from('12345\n')).lines).toEqual(['12345']);
  });
});

describe('parseRequestLine', () => {
  const refused = (line: string) => {
    try {
      parseRequestLine(line);
    } catch (e) {
      expect(e).toBeInstanceOf(StewardError);
      return e as StewardError;
    }
    throw new Error(`accepted: ${line}`);
  };

  it('accepts a call and a ping', () => {
    const call = { resource: 'page', verb: 'list', flags: { all: true, url: 'x' } };
    expect(parseRequestLine(JSON.stringify({ id: '1', op: 'call', caller, call }))).toMatchObject({ op: 'call', call });
    expect(parseRequestLine(JSON.stringify({ id: '2', op: 'ping' }))).toMatchObject({ op: 'ping' });
  });

  it('names the bad field', () => {
    const call = { resource: 'page', verb: 'list', flags: {} };
    expect(refused('null').details.field).toBe('(request)');
    expect(refused(JSON.stringify({ id: '1', op: 'call', caller: null, call })).details.field).toBe('caller');
    expect(refused(JSON.stringify({ id: '1', op: 'call', caller, call: { ...call, flags: null } })).details.field).toBe('call.flags');
    expect(refused(JSON.stringify({ id: '1', op: 'call', caller: { ...caller, owner: { pid: -1 } }, call })).details.field).toMatch(
      /^caller\.owner\./,
    );
    expect(refused(JSON.stringify({ id: 1, op: 'ping' })).details.field).toBe('id');
  });

  it('refuses an unknown op even with a well-formed call', () => {
    const e = refused(JSON.stringify({ id: '1', op: 'exec', caller, call: { resource: 'daemon', verb: 'stop', flags: {} } }));
    expect(e.code).toBe('VALIDATION_ERROR');
    expect(e.details.field).toBe('op');
  });

  it('a line that is not JSON is a protocol error', () => {
    expect(refused('{"id":').code).toBe('PROTOCOL_ERROR');
  });
});
