/**
 * Code tables of §2.9.3. Languages: ISO 639-1 (what TMDB sends) to ISO 639-3 (what rules hold),
 * the 639-2/T code where 639-1 has one, plus TMDB's own `cn` (Cantonese) and the withdrawn
 * codes it still uses (`sh`, `mo`). Countries: the ISO 3166-1 alpha-2 codes in use.
 */
const LANGUAGES = `aa aar ab abk ae ave af afr ak aka am amh an arg ar ara as asm av ava ay aym
az aze ba bak be bel bg bul bi bis bm bam bn ben bo bod br bre bs bos ca cat ce che ch cha co cos
cr cre cs ces cu chu cv chv cy cym da dan de deu dv div dz dzo ee ewe el ell en eng eo epo es spa
et est eu eus fa fas ff ful fi fin fj fij fo fao fr fra fy fry ga gle gd gla gl glg gn grn gu guj
gv glv ha hau he heb hi hin ho hmo hr hrv ht hat hu hun hy hye hz her ia ina id ind ie ile ig ibo
ii iii ik ipk io ido is isl it ita iu iku ja jpn jv jav ka kat kg kon ki kik kj kua kk kaz kl kal
km khm kn kan ko kor kr kau ks kas ku kur kv kom kw cor ky kir la lat lb ltz lg lug li lim ln lin
lo lao lt lit lu lub lv lav mg mlg mh mah mi mri mk mkd ml mal mn mon mr mar ms msa mt mlt my mya
na nau nb nob nd nde ne nep ng ndo nl nld nn nno no nor nr nbl nv nav ny nya oc oci oj oji om orm
or ori os oss pa pan pi pli pl pol ps pus pt por qu que rm roh rn run ro ron ru rus rw kin sa san
sc srd sd snd se sme sg sag si sin sk slk sl slv sm smo sn sna so som sq sqi sr srp ss ssw st sot
su sun sv swe sw swa ta tam te tel tg tgk th tha ti tir tk tuk tl tgl tn tsn to ton tr tur ts tso
tt tat tw twi ty tah ug uig uk ukr ur urd uz uzb ve ven vi vie vo vol wa wln wo wol xh xho yi yid
yo yor za zha zh zho zu zul cn yue sh hbs mo ron`;

const COUNTRIES = `AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM
BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM
DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW
GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA
LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ
NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW
SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR
TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW`;

const words = (text: string) => text.split(/\s+/).filter((word) => word !== '');

export const ISO_639_3: ReadonlyMap<string, string> = new Map(
  words(LANGUAGES).flatMap((word, i, all) => (i % 2 === 0 ? [[word, all[i + 1] as string]] : [])),
);

export const ISO_3166_ALPHA2: ReadonlySet<string> = new Set(words(COUNTRIES));
