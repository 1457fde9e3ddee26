import { csvField, csvRecordOf, csvTextField } from '@warriors/contracts';

describe('csvTextField', () => {
  it.each([
    ['=1+1', `"'=1+1"`],
    ['+1 555 0100', `"'+1 555 0100"`],
    ['-ok', `"'-ok"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\r=1+1', `"'\r=1+1"`],
    ['=HYPERLINK("http://x.example","free")', `"'=HYPERLINK(""http://x.example"",""free"")"`],
  ])('puts a formula %j behind an apostrophe inside a quoted field', (text, field) => {
    expect(csvTextField(text)).toBe(field);
  });

  it('leaves other text as RFC 4180 has it', () => {
    expect(csvTextField('Called Ana')).toBe('Called Ana');
    expect(csvTextField('a, b')).toBe('"a, b"');
    expect(csvTextField('said "hi"\r\nthen left')).toBe('"said ""hi""\r\nthen left"');
    expect(csvTextField('')).toBe('');
    expect(csvTextField(' =1+1')).toBe(' =1+1');
  });
});

describe('csvField and csvRecordOf', () => {
  it('quotes only what must be, and ends a record with CRLF', () => {
    expect(csvField('-5')).toBe('-5');
    expect(csvRecordOf([csvField('a'), csvField('b,c'), csvTextField('=x')])).toBe(`a,"b,c","'=x"\r\n`);
  });
});
