/** A promise a test opens by hand: handlers await `opened` to stay running until the test lets them go. */
export class Latch {
  readonly opened: Promise<void>;
  private release!: () => void;
  isOpen = false;

  constructor() {
    this.opened = new Promise((resolve) => {
      this.release = resolve;
    });
  }

  open(): void {
    this.isOpen = true;
    this.release();
  }
}
