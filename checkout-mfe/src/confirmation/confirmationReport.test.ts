import {
  type ConfirmationReport,
  REPORT_DETAILS_MAX,
  type ReportSending,
  keepConfirmationReport,
  reportId,
  sendKeptConfirmationReport,
} from './confirmationReport';
import { tabStorage } from '../order/tabStorage';

const KEY = '-P77abcdefghijklmnop';
const REPORT: ConfirmationReport = {
  outcome: `/checkout-successful?order=${KEY}`,
  reason: 'task not run',
  details: { sinceAddressChanged: 300, visibility: 'visible', react: { pendingLanes: 512 } },
};

/** Sending against jsdom's session storage and a database double answering `answers` in turn. */
function sending(...answers: { status: number; error?: { code: string } }[]) {
  const write = jest.fn((path: string, body: unknown) => {
    void path;
    void body;
    return Promise.resolve(answers.shift() ?? { status: 200 });
  });
  const sessionUid = jest.fn(() => Promise.resolve('session-1'));
  const deps: ReportSending = {
    storage: sessionStorage,
    sessionUid,
    write,
    now: () => 1_700,
  };
  return { deps, write, sessionUid };
}

afterEach(() => sessionStorage.clear());

test('nothing kept: nothing sent', async () => {
  const { deps, write } = sending();
  await expect(sendKeptConfirmationReport(deps)).resolves.toBe('none');
  expect(write).not.toHaveBeenCalled();
});

test("a kept report goes to the session's record under the order's key, once", async () => {
  keepConfirmationReport(REPORT);
  const { deps, write } = sending({ status: 200 });
  await expect(sendKeptConfirmationReport(deps)).resolves.toBe('sent');
  expect(write).toHaveBeenCalledWith(`users/anonymousTokens/session-1/confirmationReports/${KEY}`, {
    at: { '.sv': 'timestamp' },
    reason: 'task not run',
    outcome: REPORT.outcome,
    details: JSON.stringify(REPORT.details),
  });
  // Forgotten once sent: the next confirmation page sends nothing.
  await expect(sendKeptConfirmationReport(deps)).resolves.toBe('none');
  expect(write).toHaveBeenCalledTimes(1);
});

test('a database or session out of reach keeps the report for the next confirmation page', async () => {
  keepConfirmationReport(REPORT);
  const { deps, write, sessionUid } = sending({ status: 500, error: { code: 'network-error' } });
  await expect(sendKeptConfirmationReport(deps)).resolves.toBe('kept');
  sessionUid.mockRejectedValueOnce(new Error('identity service down'));
  await expect(sendKeptConfirmationReport(deps)).resolves.toBe('kept');
  write.mockRejectedValueOnce(new TypeError('Failed to fetch'));
  await expect(sendKeptConfirmationReport(deps)).resolves.toBe('kept');
  await expect(sendKeptConfirmationReport(deps)).resolves.toBe('sent');
  expect(write).toHaveBeenCalledTimes(3);
});

test('a report the database refuses is forgotten (it would never pass, or an earlier try stored it)', async () => {
  keepConfirmationReport(REPORT);
  const { deps, write } = sending({ status: 500, error: { code: '401' } });
  await expect(sendKeptConfirmationReport(deps)).resolves.toBe('refused');
  await expect(sendKeptConfirmationReport(deps)).resolves.toBe('none');
  expect(write).toHaveBeenCalledTimes(1);
});

test("a failed order's outcome has no key: the time names its report", () => {
  expect(reportId('/checkout-successful?status=failed&reason=write', 1_700)).toBe('t1700');
  expect(reportId(`/checkout-successful?order=${KEY}`, 1_700)).toBe(KEY);
  expect(reportId('/checkout-successful?order=a/b', 1_700)).toBe('t1700');
});

test("details are cut to the rules' 4,000 characters", async () => {
  keepConfirmationReport({ ...REPORT, details: { heading: 'x'.repeat(5_000) } });
  const { deps, write } = sending();
  await sendKeptConfirmationReport(deps);
  const body = write.mock.calls[0]?.[1] as { details: string };
  expect(body.details).toHaveLength(REPORT_DETAILS_MAX);
});

test('what is not a report of ours is dropped, not sent', async () => {
  const { deps, write } = sending();
  for (const text of ['{', '{"outcome":"/account","reason":"grace over","details":{}}', 'null']) {
    sessionStorage.setItem('threadline:checkout:confirmationReport', text);
    await expect(sendKeptConfirmationReport(deps)).resolves.toBe('none');
    expect(sessionStorage.length).toBe(0);
  }
  expect(write).not.toHaveBeenCalled();
});

test('a browser whose session storage is blocked or full keeps and sends nothing, and nothing throws', async () => {
  expect(() => keepConfirmationReport(REPORT, null)).not.toThrow();
  const full = {
    setItem: () => {
      throw new DOMException('full', 'QuotaExceededError');
    },
  } as unknown as Storage;
  expect(() => keepConfirmationReport(REPORT, full)).not.toThrow();
  const { deps, write } = sending();
  await expect(sendKeptConfirmationReport({ ...deps, storage: null })).resolves.toBe('none');
  expect(write).not.toHaveBeenCalled();
});

test("this tab's storage where the browser blocks it: none, not an error", () => {
  const blocked = jest.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
    throw new DOMException('blocked', 'SecurityError');
  });
  expect(tabStorage()).toBeNull();
  blocked.mockRestore();
  expect(tabStorage()).toBe(sessionStorage);
});
