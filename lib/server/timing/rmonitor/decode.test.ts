import { describe, expect, it } from 'vitest';
import { expectRefused } from '../test-helpers';
import { decodeLine } from './decode';

describe('decodeLine: every message type', () => {
  it.each([
    ['$A,"1234BE","12X",52474,"John","Johnson","USA",5', { tag: 'A', regNo: '1234BE', number: '12X', transponder: '52474', firstName: 'John', lastName: 'Johnson', nationality: 'USA', classNo: 5 }],
    ['$COMP,"1234BE","12X",5,"John","Johnson","USA","CAMEL"', { tag: 'COMP', regNo: '1234BE', number: '12X', classNo: 5, additional: 'CAMEL' }],
    ['$B,5,"Friday free practice"', { tag: 'B', runNo: 5, description: 'Friday free practice' }],
    ['$C,5,"Formula 3000"', { tag: 'C', classNo: 5, description: 'Formula 3000' }],
    ['$E,"TRACKLENGTH","2.500"', { tag: 'E', item: 'TRACKLENGTH', value: '2.500', trackLengthKm: 4.023 }],
    ['$F,14,"00:12:45","13:34:23","00:09:47","Green "', { tag: 'F', lapsToGo: 14, timeToGoMs: 765_000, timeOfDay: '13:34:23', raceTimeMs: 587_000, flag: 'Green' }],
    ['$F,9999,"00:00:00","07:59:36","00:59:59","      "', { tag: 'F', lapsToGo: null, flag: null }],
    ['$G,3,"1234BE",14,"01:12:47.872"', { tag: 'G', position: 3, regNo: '1234BE', laps: 14, totalTimeMs: 4_367_872 }],
    ['$H,2,"1234BE",3,"00:02:17.872"', { tag: 'H', position: 2, regNo: '1234BE', bestLapNo: 3, bestLapMs: 137_872 }],
    ['$H,1,"21",0,"00:59:59.999"', { tag: 'H', regNo: '21', bestLapNo: null, bestLapMs: null }],
    ['$I,"16:36:08.000","12 jan 01"', { tag: 'I', timeOfDay: '16:36:08', date: '2001-01-12' }],
    ['$J,"1234BE","00:02:03.826","01:42:17.672"', { tag: 'J', regNo: '1234BE', lapTimeMs: 123_826, totalTimeMs: 6_137_672 }],
    ['$COR,"123BE","658",2,"00:00:35.272","+00:00:00.012"', { tag: 'COR', regNo: '123BE', number: '658', laps: 2, totalTimeMs: 35_272, correctionMs: 12 }],
    ['$COR,"8","8",2,"00:03:04.750","-00:00:00.250"', { tag: 'COR', correctionMs: -250 }],
    ['$L,"15","P1","SFP","01/27/2009","14:13:22.818"', { tag: 'L', regNo: '15', timeline: 'P1', timelineName: 'SFP', date: '2009-01-27', readTime: '2009-01-27T14:13:22.818', driverId: null, className: null }],
    ['$L,"13","P2","POP","01/27/2009","10:10:20.589",1,PC', { tag: 'L', timeline: 'P2', driverId: 1, className: 'PC' }],
  ])('%s', (line, expected) => {
    expect(decodeLine(line, 1)).toMatchObject(expected);
  });

  it('$T: the IMSA example track description with its 15 sections', () => {
    const line =
      '$T,"Circuit of the Americas","COTA","3.40",15,"S01","T1","T2",3375,"S02","T2","T3",36559,"S03","T3","T4",40933,"S04","T4","T5",13256,"S05","T5","T6",20923,"S06","T6","T7",1181,"S07","T7","T8",12711,"S08","T8","T9",1181,"S09","T9","TA",29313,"S10","TA","TB",41744,"S11","TB","T1",16113,"LAP","T1","P1",217379,"PIT","PB","P2",19688,"SP4","T6","T7",1181,"SP5","T8","T9",1181';
    const msg = decodeLine(line, 1);
    expect(msg).toMatchObject({ tag: 'T', trackName: 'Circuit of the Americas', shortName: 'COTA', distance: '3.40' });
    if (msg?.tag !== 'T') throw new Error('not $T');
    expect(msg.sections).toHaveLength(15);
    expect(msg.sections[0]).toEqual({ name: 'S01', start: 'T1', end: 'T2', distanceInches: 3375 });
    expectRefused(() => decodeLine(line.replace(',15,', ',16,'), 7), 7, '$T.sectionCount');
    expectRefused(() => decodeLine(line.replace('3375', '33x5'), 7), 7, '$T.section1.distanceInches');
  });

  it('unknown types and blank lines', () => {
    expect(decodeLine('$Z,1,2', 1)).toEqual({ tag: 'unknown', type: 'Z' });
    expect(decodeLine('\r\n', 1)).toBeNull();
  });

  it('errors name the line and field', () => {
    expectRefused(() => decodeLine('$COR,"8","8",2,"00:03:04.750","about -0.25"', 3), 3, '$COR.correction');
    expectRefused(() => decodeLine('$COR,"8","8",x,"00:03:04.750","-00:00:00.250"', 3), 3, '$COR.laps');
    expectRefused(() => decodeLine('$F,14,"00:12:45","25:34:23","00:09:47","Green "', 4), 4, '$F.timeOfDay');
    expectRefused(() => decodeLine('$L,"13","P2","POP","01/27/2009","10:10:20.589",9,PC', 5), 5, '$L.driverId');
    expectRefused(() => decodeLine('hello', 6), 6, 'message');
  });
});

describe('decodeLine: control characters', () => {
  it('drops NUL and other control characters (not the tab) from the line before reading it', () => {
    expect(decodeLine('$A,"1","11",1001,"Bo\u0000b","Bak\u0007er\u007f","KTM",2', 1)).toMatchObject({ tag: 'A', firstName: 'Bob', lastName: 'Baker' });
    expect(decodeLine('$B,1,"Heat\u001b 1"\r', 1)).toEqual({ tag: 'B', runNo: 1, description: 'Heat 1' });
    expect(decodeLine('$C,1,"Pro\tClass"', 1)).toEqual({ tag: 'C', classNo: 1, description: 'Pro\tClass' });
  });
});
