/**
 * An event as a store hands it back, as much of it as a fold reads (the store's RecordedEvent fits
 * it): so the deciders' folds read recorded streams without knowing the store.
 */
export interface FoldedEvent {
  readonly type: string;
  readonly data: unknown;
  readonly eventId?: string;
  readonly metadata?: { readonly recordedAt?: string; readonly actorId?: string };
}
