// R2: the three active seats of a deal. ISS numbers them 0, 1, 2 in the same order.
export type Seat = 0 | 1 | 2;
export const SEATS: readonly Seat[] = [0, 1, 2];
export const FOREHAND: Seat = 0;
export const MIDDLEHAND: Seat = 1;
export const REARHAND: Seat = 2;

export const SEAT_NAMES = ['forehand', 'middlehand', 'rearhand'] as const;
export type SeatName = (typeof SEAT_NAMES)[number];

export function isSeat(n: unknown): n is Seat {
  return n === 0 || n === 1 || n === 2;
}

export function nextSeat(seat: Seat): Seat {
  return ((seat + 1) % 3) as Seat;
}
