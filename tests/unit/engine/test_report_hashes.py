"""Golden report hashes: the same rosters, mission and seed give the same report, byte for byte.

Recorded before the engine was reorganised (issue "One house for every game system"), so any
refactor that changes a dice stream or a report field shows up here. A rules change that is
meant to change battles updates these hashes in the same commit and says why.
"""

from __future__ import annotations

import pytest

from armybuilder.rosterdata import sample_roster_data
from rules.engine.systems import get_system
from tests.support import SAMPLE_PAIRS as SAMPLES

GOLDEN: dict[tuple[str, str, int, bool], str] = {
    (
        "grimdark",
        "annihilation",
        1,
        True,
    ): "4c0ad7b7349986d9b91fb79cd7ef244a116557acb6b2d4723b76d5bd88ed9873",
    (
        "grimdark",
        "annihilation",
        1,
        False,
    ): "d4aa321bc87297939050b5c3dddb9f6e56b63727752f2531b633c194ab579f9b",
    (
        "grimdark",
        "annihilation",
        7,
        True,
    ): "d4603da8d99e89fcf7641811c5ea791f095d4f8ec77f6a20cdfbadb12342ecc4",
    (
        "grimdark",
        "annihilation",
        7,
        False,
    ): "b85c53bf44ba2cc67cf4a1a32f0e6421ce047d218e7ca94c1865a10bf3f48d4d",
    (
        "grimdark",
        "cleanse",
        1,
        True,
    ): "bcf92872771c57ec815b15bd2c0ec79dfe51ccbfbeb4c70c327f1a53bf850587",
    (
        "grimdark",
        "cleanse",
        1,
        False,
    ): "10c2e844456171c92a506587bb07fa8779cd2bcce6803ade5334a0ca035f17e7",
    (
        "grimdark",
        "cleanse",
        7,
        True,
    ): "b9d8bd798e377ae19bd2926341cc5b6a9246dc5bc580444cc85228af1f2d6be8",
    (
        "grimdark",
        "cleanse",
        7,
        False,
    ): "164ee05af649101f94c9367b9d7b9643c54de77258f622af35b64a3830bd4be3",
    (
        "grimdark",
        "recon",
        1,
        True,
    ): "8ee1cce0049ed53056e21df55dd8c76a435d1bbe31a5280446b79acfa6e290c5",
    (
        "grimdark",
        "recon",
        1,
        False,
    ): "049b14cc0da1e2bbc247e89c33b9af3cbf832f1fd08ad186d2c298c8d2ee602a",
    (
        "grimdark",
        "recon",
        7,
        True,
    ): "ed48d72f4bdf69624de20e24dd249c65c027e691fc3c4251c5db136c5eec0620",
    (
        "grimdark",
        "recon",
        7,
        False,
    ): "02d83e720c39b5ce497fa7066f2632680b3de425e19b59bfd6a2c59703c03aee",
    (
        "grimdark",
        "secure-and-control",
        1,
        True,
    ): "ea156e2c4b2ede6c9269043b53c9860357b53e72c612f47ccf1f8f923cfa161c",
    (
        "grimdark",
        "secure-and-control",
        1,
        False,
    ): "f76cca86eb8ef09c6fec0e21220268171d66c7988d3cec545f7fa3ce20e91ab2",
    (
        "grimdark",
        "secure-and-control",
        7,
        True,
    ): "27232c7f2c3a0fe1b3d7997ff4ad38ddba44a506b2d6eda6001c3651af4a0a3a",
    (
        "grimdark",
        "secure-and-control",
        7,
        False,
    ): "b325202167e914f7748636c42a9fdaf3450f5ae400b7ec04944b5dcc025eaf11",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        True,
    ): "3cd87bbe559843597826cac4b341581beda3ff5ab022154f07e40732833be6a5",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        False,
    ): "6dcc10c219972764a51dd252b689f79cdbc6645d7ed63fe221c0e702c9b5fd75",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        True,
    ): "8ab4309cd6bcf4ca1e6816071dfa0eaeea0b8ef7ae86d4673bde82521ddc0c3f",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        False,
    ): "a3b4fd10671e0378bfa9362e12e18293bbe65fb4a1fd49deecc003bdc3adf22f",
    (
        "grimdark",
        "take-and-hold",
        1,
        True,
    ): "91db2269e5e8e9d68de6176e11ba643cc138dc72784739fd944e4385f47fa18f",
    (
        "grimdark",
        "take-and-hold",
        1,
        False,
    ): "1dedaf6745b76c204c4b157da7c506c9611524b677b13efe674cde20ed1362da",
    (
        "grimdark",
        "take-and-hold",
        7,
        True,
    ): "0fc193582917c10483fd1e04a0431ebf3a51959bde8299037142af2753fcb5b0",
    (
        "grimdark",
        "take-and-hold",
        7,
        False,
    ): "15b60e3b35b4eefda514a4f7e73e0bc3d904ea6b5ef3bbd785a51926fbe72a45",
    (
        "skirmish",
        "breakthrough",
        1,
        True,
    ): "6c2f6066a86ee6cd3c80a81cd08ed84ba3646b9e29148a8a8e18379138db1c5d",
    (
        "skirmish",
        "breakthrough",
        1,
        False,
    ): "0b0b6de7926bfb5921277a037f9501db43602ee7014cdd888735a7c148aeac8c",
    (
        "skirmish",
        "breakthrough",
        7,
        True,
    ): "f5636f538f2714cb600c5fcff22ca070d49352e2d840ba1bb8df8d337a251c34",
    (
        "skirmish",
        "breakthrough",
        7,
        False,
    ): "2fdcdc106512ca3d34f4c8be236d08902609095655e6216c5c105021f41b60cd",
    (
        "skirmish",
        "skirmish",
        1,
        True,
    ): "798f68a8052342de9d26af5a344fe837ac0434f4e1108d556d786b3f41207bb7",
    (
        "skirmish",
        "skirmish",
        1,
        False,
    ): "d94b4a1399aef85b13891f06af2191446254f420ffcb638e8bfcdba4cccc2327",
    (
        "skirmish",
        "skirmish",
        7,
        True,
    ): "8455445e943e48ec1b9d00585037a3582a5a0018fcbbdc06852ccfb070c6420a",
    (
        "skirmish",
        "skirmish",
        7,
        False,
    ): "776bc97486c58cb93889c2496445634638e52202090d4b59168bf720f4be2302",
    (
        "skirmish",
        "wyrdstone-hunt",
        1,
        True,
    ): "e1c55e79039060e3f4b561c0b391642465e80ce18a048145f83896230728a50f",
    (
        "skirmish",
        "wyrdstone-hunt",
        1,
        False,
    ): "70ccb15e4bdcba90ec2bea90414d8ee796fe3be9c978b0082fe0e42fe7ae98dd",
    (
        "skirmish",
        "wyrdstone-hunt",
        7,
        True,
    ): "ce9a6282e79c24e9c1ab9c84cc3fae2a7c665743857062437957581a5ab9523a",
    (
        "skirmish",
        "wyrdstone-hunt",
        7,
        False,
    ): "aee7affdb455566df6a23b8b20a9f663e67184288ed441716b03748ca5b98464",
    (
        "massbattle",
        "battle",
        1,
        True,
    ): "d24423a45d8dffe0af7908f640e42fc337a32e246f28731270d81f15858d79ab",
    (
        "massbattle",
        "battle",
        1,
        False,
    ): "edde6e8528c849279e776957568554c7314e0c723f99cda364c3f812a43ceb2c",
    (
        "massbattle",
        "battle",
        7,
        True,
    ): "30f84701a7bbad98a2db77ab491642bcaaa304b9bf56ff5793fdeb45a15f4441",
    (
        "massbattle",
        "battle",
        7,
        False,
    ): "db719f01d7034ec5ff727e15d5718470978ae2899319c067f5ca613abcb40ae2",
    (
        "massbattle",
        "kill",
        1,
        True,
    ): "d54a21956f69b1b565052cab7a3f25c418fb2a49ac2d393e0c1a27db6dd639b8",
    (
        "massbattle",
        "kill",
        1,
        False,
    ): "78cc0c4468fc45ef0810f67b12b3c6bd3275879587a3f9af17bbb204df735caa",
    (
        "massbattle",
        "kill",
        7,
        True,
    ): "4c61fbc7fb99d89d7beb2a880f53481cd8b71a56a0bdab7e991421ed898106b5",
    (
        "massbattle",
        "kill",
        7,
        False,
    ): "f346648818b2e5d93c40df9253ff00f541c5c6f8be013d753c9c1fe2bbe6c4c8",
    (
        "massbattle",
        "kill-and-pillage",
        1,
        True,
    ): "f9a4190d3aa93830c929f9f9e8421fc0de8c420634f4c70d4c8c045358ed14c2",
    (
        "massbattle",
        "kill-and-pillage",
        1,
        False,
    ): "d78bd862a75639210c7ab7adee7ab2a1390d27a0668eef0449cdc202b372c98c",
    (
        "massbattle",
        "kill-and-pillage",
        7,
        True,
    ): "2f6cba4b2bd9061a720f8524cbf63d248340f6cd0a0db9cdc503f3d5cac1326f",
    (
        "massbattle",
        "kill-and-pillage",
        7,
        False,
    ): "301bf9df250f8303e33e42c824787ddfe1d3a25f22f11e2b94a5b5afeb6a5572",
    (
        "massbattle",
        "pillage",
        1,
        True,
    ): "3196b76f328a00f6fe077b36a5273ae4b72bca976d8c42c5a419db20d10f2fbf",
    (
        "massbattle",
        "pillage",
        1,
        False,
    ): "134cce48dfc8fea4782c6b00200a31e2cc7a9fe4e01d5d935b952e157eff15f7",
    (
        "massbattle",
        "pillage",
        7,
        True,
    ): "fd71c8e73a8acd9fe7e1b9ce8dadf0de4ef3a472faee3d739c71d2d733c850f4",
    (
        "massbattle",
        "pillage",
        7,
        False,
    ): "301b9b2b652b969a11ad9b5614d712384095cfd13784b50da81e5409dd406d2e",
    (
        "hextactical",
        "duel",
        1,
        True,
    ): "31483b8152962702197d170260ac52b18df66d0f59a1ed6f97f88f831f207997",
    (
        "hextactical",
        "duel",
        1,
        False,
    ): "03a583e5598761e2791230ca604267de14e72ad060502593d5ed1e907772545a",
    (
        "hextactical",
        "duel",
        7,
        True,
    ): "37a42440c76c31ee8e87cd92f3b82365890013fb8fbcba397f88ba8def73ef7d",
    (
        "hextactical",
        "duel",
        7,
        False,
    ): "a5682c4eb4bc7289923f5014606e3ce4138e617e2645bcc67b987f136e116892",
    (
        "hextactical",
        "skirmish",
        1,
        True,
    ): "1795b9fe380db0880a62ca7039cdf5fb0ab524a18b7ae6c31f58dd92a38c8ea2",
    (
        "hextactical",
        "skirmish",
        1,
        False,
    ): "faaf8a00c5be5f19bc2f14e953875c176b77fb711e82e9a04f12ead426dd9b5d",
    (
        "hextactical",
        "skirmish",
        7,
        True,
    ): "b84e70e2637914219a76af1430c693e84b81ae779d0e5a9bfe34503453d0e198",
    (
        "hextactical",
        "skirmish",
        7,
        False,
    ): "a60f726bb35d54974a46723459c21496453f236764c9337b9a6e787ddf9573b7",
}


@pytest.mark.parametrize(("slug", "mission", "seed", "log"), sorted(GOLDEN))
def test_report_hash_is_unchanged(slug: str, mission: str, seed: int, log: bool) -> None:
    system = get_system(slug)
    roster_a, roster_b = (sample_roster_data(slug, name) for name in SAMPLES[slug])
    report = system.resolve_battle(
        system.build_army(roster_a), system.build_army(roster_b), mission, seed, log=log
    )
    assert report.report_hash() == GOLDEN[(slug, mission, seed, log)]


def test_every_mission_of_every_system_has_a_golden_hash() -> None:
    covered = {(slug, mission) for slug, mission, _, _ in GOLDEN}
    for slug in SAMPLES:
        for mission in get_system(slug).missions:
            assert (slug, mission) in covered
