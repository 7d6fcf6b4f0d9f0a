import { describe, expect, test } from 'bun:test';
import { McpSeatDesk } from '@the-house/lab/remote/mcpSeatDesk.ts';
import { mintSeatToken, tokenHash } from '@the-house/lab/remote/seatToken.ts';
import { ENDED_SEAT_MS, EndedMcpSeats } from './endedMcpSeats.ts';

describe("ended matches' MCP seats", () => {
  test('a seat of a match ended lately is found by its token until ENDED_SEAT_MS have passed; another token never', () => {
    const seats = new EndedMcpSeats();
    const desk = new McpSeatDesk('rules');
    const token = mintSeatToken();
    seats.keep(tokenHash(token), desk, 1_000);
    expect(seats.find(token, 1_000)).toBe(desk);
    expect(seats.find(mintSeatToken(), 1_000)).toBeNull();
    expect(seats.find(token, 1_000 + ENDED_SEAT_MS - 1)).toBe(desk);
    expect(seats.find(token, 1_000 + ENDED_SEAT_MS)).toBeNull();
  });

  test('at most a thousand are kept, the oldest going first', () => {
    const seats = new EndedMcpSeats();
    const tokens = Array.from({ length: 1_001 }, () => mintSeatToken());
    for (const token of tokens) seats.keep(tokenHash(token), new McpSeatDesk('rules'), 0);
    expect(seats.find(tokens[0]!, 0)).toBeNull();
    expect(seats.find(tokens[1]!, 0)).not.toBeNull();
    expect(seats.find(tokens[1_000]!, 0)).not.toBeNull();
  });
});
