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
    ): "498407b2b42b28c02a3764d328196148681e0c92064fe63386b4e2c7b1587066",
    (
        "grimdark",
        "annihilation",
        1,
        False,
    ): "46b3ba3fc700531163da3a99e8391c4144770745b8d1519153e33e3307e5d28d",
    (
        "grimdark",
        "annihilation",
        7,
        True,
    ): "e3cf44824ea1037f8d9acc17e718ebde5c52181b60e1a729854a294ac5252367",
    (
        "grimdark",
        "annihilation",
        7,
        False,
    ): "ee6667d3170fa54caef6d098f88ff8873686782056058139c83d094af8d49e92",
    (
        "grimdark",
        "cleanse",
        1,
        True,
    ): "fca01b9838da4ddd48cb2149003dce606f9098a1ca54e91800749eeae08e275e",
    (
        "grimdark",
        "cleanse",
        1,
        False,
    ): "e9ba51c9dd81db55f38dc41b2465548cadda0fba59e2b72a664c8122f8db8cba",
    (
        "grimdark",
        "cleanse",
        7,
        True,
    ): "b2f59f5640b4cc04508ae0aa5f6895831988c99ddb8479068b4cb46a3c96ad46",
    (
        "grimdark",
        "cleanse",
        7,
        False,
    ): "b9fc436256a1868ffa297a1d6a627c64bc9ca21bee0013f8300a3a1429f034d2",
    (
        "grimdark",
        "recon",
        1,
        True,
    ): "7890839694cbe66f14ab81459293f8dadcd3b7697ff15163ba64c186cbf4f383",
    (
        "grimdark",
        "recon",
        1,
        False,
    ): "2e84cb639ad537dbd888a55ffa76b21b10aafbed4fc903a1726628816e7796c6",
    (
        "grimdark",
        "recon",
        7,
        True,
    ): "b27cfb4a4a7e89c35f36f03105ffd5894f9f510537be3bf7773d86627ca8a89d",
    (
        "grimdark",
        "recon",
        7,
        False,
    ): "781fea671c554c2905338f1c67f39ad25742170e84397f32a186caf0e58c49d5",
    (
        "grimdark",
        "secure-and-control",
        1,
        True,
    ): "4438d3afd39ca290100eacc497b7e9aa67c542194c0ad624a50c7bcf6d384a75",
    (
        "grimdark",
        "secure-and-control",
        1,
        False,
    ): "6cbe2c9fb1bede013787a93dc30f147ee5ecc902f975af62a534299b50241422",
    (
        "grimdark",
        "secure-and-control",
        7,
        True,
    ): "cea8124bf9c82e1fe6c6cd7fab346b3a568f6fe8964f5cfc2d512b9d172de95c",
    (
        "grimdark",
        "secure-and-control",
        7,
        False,
    ): "a687c081cff745a7a521c32c75eca19777eda562e88ddc25fbd5de3b9b1017da",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        True,
    ): "a439e05f9168aca2f8c55510d955be2afd1d58c1ba68df459f8d08484544daef",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        False,
    ): "11eec61b9fe7734a735b069898a8d30ac2529e6791a7e0c655e90be79ded8e19",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        True,
    ): "40900d89925dc5c06f2c7a0abdda7973335582a074ba106fb5f8961ae8b565b4",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        False,
    ): "60cf6ed9d959e50b1eaabe6f01d25e30b120d178ad084bd875a6960e3e68f181",
    (
        "grimdark",
        "take-and-hold",
        1,
        True,
    ): "0f416a0d73791e766e40097532d2ccb40f2ac541d10e6f19945f0c8e497bd71f",
    (
        "grimdark",
        "take-and-hold",
        1,
        False,
    ): "6eebc1787808aa58fcebe96bb901a10325459225e1f7791ba432be0d8a54f402",
    (
        "grimdark",
        "take-and-hold",
        7,
        True,
    ): "39b39ef88f50bf7ed92d81ac31f860b102eed321e4c4a1582b04526ed4ddb5c3",
    (
        "grimdark",
        "take-and-hold",
        7,
        False,
    ): "c5dff742caf37e3e20c79d89671930413a2fc7dd514138faf05fc14cccf78cf9",
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
    ): "df9180384ce1260b6d413c49891c981a824e5368d4911e783ea8aab72cbde58e",
    (
        "massbattle",
        "battle",
        1,
        False,
    ): "baca6586017b95ecdfe76e6c9ad440cff145b3db3c91b7f45e71d98d914940d9",
    (
        "massbattle",
        "battle",
        7,
        True,
    ): "c5ad8ccb4b1a57a782d42d60aacb4855419a00cf5466abb3075b1a8a2147b61e",
    (
        "massbattle",
        "battle",
        7,
        False,
    ): "c8075f57a755e96fda2324833d3e049d9e8303d8f8e8ec265fcbcdf862cb34a6",
    (
        "massbattle",
        "kill",
        1,
        True,
    ): "ce471630bde3e650d899b8ed24b61c55d01d53b1c0af12d83cdd0a81507b14ec",
    (
        "massbattle",
        "kill",
        1,
        False,
    ): "a4b102a3844573789384ccb6e8a56ef815a140fc215017f120feea72ef16b714",
    (
        "massbattle",
        "kill",
        7,
        True,
    ): "ae59a6fc25af667959d998743b0630b67096593022f4fd4dae8463cfd9ac9fc1",
    (
        "massbattle",
        "kill",
        7,
        False,
    ): "2301185b5adb40621d86aaf04fac2becd4e04657140f6b04686aa6246a82f60d",
    (
        "massbattle",
        "kill-and-pillage",
        1,
        True,
    ): "504c679a70f628b7825e6e9d698b628421fe624b2362694ebb2e15b8e894a62f",
    (
        "massbattle",
        "kill-and-pillage",
        1,
        False,
    ): "cc577cccf04923dad16f1ee0871c2021a91efd495bd916a9705cf67900b33131",
    (
        "massbattle",
        "kill-and-pillage",
        7,
        True,
    ): "78ddd850eeed3544d2236dc8e038dcf6f0c9432fc0b2b42016f701aaa03e721a",
    (
        "massbattle",
        "kill-and-pillage",
        7,
        False,
    ): "20efc3018bb25ba5e39b5330fdb14c5acd3e2f6e5d748ef714dbb16acff374b5",
    (
        "massbattle",
        "pillage",
        1,
        True,
    ): "a0a75d65db7abf8b5c25d5a0570a2b78deeba1cbb38d46027eb33bd1edc2af0b",
    (
        "massbattle",
        "pillage",
        1,
        False,
    ): "447a9ac0697d7ec40cc95c0a403c78df448254a20260feceadc721ba4a48edb0",
    (
        "massbattle",
        "pillage",
        7,
        True,
    ): "d52f38e18aee295da4681211e86b3ea7d8e7728ccfa124f57f6acabd34080f1d",
    (
        "massbattle",
        "pillage",
        7,
        False,
    ): "8d0c3e1a1e7c9ef46695e3bf2f07f6c291ded3fb4009dd604269b8ae9b1b49b6",
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
