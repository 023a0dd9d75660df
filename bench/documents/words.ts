// Word lists the bulk load draws names and descriptions from (Permian-flavoured, invented).

const list = (text: string) => text.split('|');

export const words = {
  /** Company names: 40 first words × 30 second words give 1,200 distinct names. */
  companyFirst: list(
    'Red|Black|High|Lone|Big|West|North|South|Eagle|Iron|Silver|Stone|Prairie|Caprock|Pecos|Llano|' +
      'Brazos|Sabine|Mesa|Canyon|Blue|Granite|Cedar|Copper|Desert|Sandhill|Basin|Frontier|Summit|' +
      'Ridge|Longhorn|Bluebonnet|Sundown|Thunder|Falcon|Maverick|Ranger|Pioneer|Sterling|Trinity',
  ),
  companySecond: list(
    'Mesa|Rock|Creek|River|Star|Horse|Hawk|Draw|Butte|Flats|Spring|Valley|Peak|Trail|Point|' +
      'Crossing|Well|Field|Ranch|Hill|Gulch|Bend|Plains|Wells|Arrow|Sage|Oak|Pine|Lake|Fork',
  ),
  companySuffix: list(
    'Operating Co.|Energy LLC|Resources Inc.|Oilfield Services LLC|Petroleum Corp.|Midstream LP|' +
      'Well Services Inc.|Trucking LLC|Royalties LP|Minerals LLC',
  ),
  counties: list(
    'Midland|Martin|Howard|Glasscock|Upton|Reagan|Crane|Ector|Andrews|Winkler|Ward|Reeves|' +
      'Loving|Pecos|Culberson|Dawson|Borden|Scurry|Eddy|Lea',
  ),
  formations: list('Wolfcamp|Spraberry|Bone Spring|Delaware|Dean|Strawn|Cline|Avalon'),
  surnames: list(
    'Hamilton|Whitaker|Calloway|McAllister|Branson|Harlow|Pritchard|Dunaway|Ellison|Garrison|' +
      'Holloway|Kimbrough|Lankford|Maddox|Norwood|Overton|Pendleton|Ratliff|Sandoval|Tillman|' +
      'Underwood|Vasquez|Waddell|Yates|Abernathy|Blackwell|Coleman|Driscoll|Easley|Fulton|' +
      'Gaither|Hendricks|Ingram|Jernigan|Kessler|Lockhart|Mayfield|Nix|Odom|Pruitt|' +
      'Quintero|Renfro|Stallings|Thornton|Upshaw|Villarreal|Whitfield|Ybarra|Zimmerman|Brackett',
  ),
  firstNames: list(
    'James|Mary|Robert|Linda|Wayne|Carol|Dale|Betty|Travis|Donna|Clint|Sharon|Rusty|Peggy|' +
      'Earl|Loretta|Floyd|Juanita|Buck|Darlene',
  ),
  unitWords: list('State|Unit|Ranch|Estate|Trust|Federal|University Lands|Fee'),
  services: list(
    'Hot oil treatment|Rig move|Frac water hauling|Saltwater disposal|Wireline logging|' +
      'Pump repair|Roustabout crew|Pipe inspection|Tank cleaning|Coiled tubing unit|' +
      'Flowback services|Lease road maintenance|Chemical injection|Rod pump replacement|' +
      'Workover rig|Crane rental|Fishing tools|Cementing services|Sand delivery|Compressor rental',
  ),
  officeNames: list(
    'Midland Field Office|Accounts Payable|Odessa Operations|Pecos District|Carlsbad Office|' +
      'Houston Headquarters|Big Spring Yard|Monahans Field Office',
  ),
  streets: list('Wall|Big Spring|Andrews Hwy|Garfield|Illinois|Loop 250|Cuthbert|Wadley'),
  states: list('TX|TX|TX|NM|NM|OK|ND|CO|LA|WY'),
};

export type WordList = keyof typeof words;
