export { commandOfMove } from './moves/move-table';
