/** What the step-up guard asks: whether a staff member must pass a second factor again before this request. */
export interface StepUpCheck {
  /**
   * True when the staff member has a second factor and none was checked in this session within the
   * policy's step-up minutes (`checkedAt`: when one last was). A member without one is never asked.
   */
  needsStepUp(staffId: string, checkedAt: Date | null): Promise<boolean>;
}
