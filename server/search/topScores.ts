/**
 * The `capacity` lowest scores pushed, kept in a max-heap: a page needs only its best hits, so most
 * matches are rejected by one comparison with the worst kept score instead of sorting them all.
 */
export class TopScores {
  private readonly heap: Float64Array;
  private size = 0;

  constructor(readonly capacity: number) {
    this.heap = new Float64Array(Math.max(0, capacity));
  }

  push(score: number): void {
    const heap = this.heap;
    if (this.size < this.capacity) {
      let i = this.size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if ((heap[parent] ?? 0) >= score) break;
        heap[i] = heap[parent] ?? 0;
        i = parent;
      }
      heap[i] = score;
      return;
    }
    if (this.capacity === 0 || score >= (heap[0] ?? 0)) return;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= this.size) break;
      const right = left + 1;
      const larger = right < this.size && (heap[right] ?? 0) > (heap[left] ?? 0) ? right : left;
      if ((heap[larger] ?? 0) <= score) break;
      heap[i] = heap[larger] ?? 0;
      i = larger;
    }
    heap[i] = score;
  }

  /** The kept scores, best (lowest) first. */
  sorted(): Float64Array {
    return this.heap.slice(0, this.size).sort();
  }
}
