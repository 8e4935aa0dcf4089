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
    ): "f0c31af20a240114af112338ed53f281c38ac04f0bdd79ed3f2ff8829b4df127",
    (
        "grimdark",
        "annihilation",
        1,
        False,
    ): "aa83acd349c9930c4850ffb0552726034af8407361cfe0b454443b1e7508f0f1",
    (
        "grimdark",
        "annihilation",
        7,
        True,
    ): "51ec63dab2ec297172b72c4c39a03f270f17788a9d3130086cd3159c089bf746",
    (
        "grimdark",
        "annihilation",
        7,
        False,
    ): "069aefd8c11f5274af07eddd723b0970e450994e3bafb3685c8136be47fe299f",
    (
        "grimdark",
        "cleanse",
        1,
        True,
    ): "3475d4b944744ed5d5c2fb2ce4045cca9dc9fb872861195baa77a0931f3c7a10",
    (
        "grimdark",
        "cleanse",
        1,
        False,
    ): "f5e7147326674fcfc8b33f2c08c28557db039a1bc7d52a7db01a06e215404ea6",
    (
        "grimdark",
        "cleanse",
        7,
        True,
    ): "e9eaa18f9e5ff6eb7074c32fa2a9ab013918caa85506fbfe66f535adb90e6e80",
    (
        "grimdark",
        "cleanse",
        7,
        False,
    ): "4b35959b93e92fc4819a5f5b01e9c4cee73c31b8e9aa6a30a4998de5e02a64b3",
    (
        "grimdark",
        "recon",
        1,
        True,
    ): "fd6818ea3217ced8499facf9da68547368ab783b69ed7d637ef43ecf4de4765d",
    (
        "grimdark",
        "recon",
        1,
        False,
    ): "805793b555744812faf3c24e540bc9d427e47c6505eb7c7d201bdb9cacf25c64",
    (
        "grimdark",
        "recon",
        7,
        True,
    ): "2bdcbcb89118faa7e9fb36122b13b7ec2201542074d2c2240e7eee2495a0280e",
    (
        "grimdark",
        "recon",
        7,
        False,
    ): "a5155bf15401aa5f68c80e92a900fd32bb1af0ffffdd2528030fd0b3f7350248",
    (
        "grimdark",
        "secure-and-control",
        1,
        True,
    ): "b37f1a5408dbc024e30c8eb3127f518a6639a57d7427038c530c9fa8729ca298",
    (
        "grimdark",
        "secure-and-control",
        1,
        False,
    ): "ed552cfe1783ed6363a1394669fac009ca4eebc2847ddd46e64a3ec3ff5b0da6",
    (
        "grimdark",
        "secure-and-control",
        7,
        True,
    ): "d261fe67ead6f80b810c0daaad8cd636121b804d776cc540d3db6434cb711771",
    (
        "grimdark",
        "secure-and-control",
        7,
        False,
    ): "1b577e2deb6e6fdab9c3e8c6ef3ebbadb1a5bc7591327775187733e94be1758f",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        True,
    ): "270af1d0e11f8229721db26fadef939d80b4cbabadf051f2cc758ad4514e168f",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        False,
    ): "a959317b6348bb8f730ff49d0dbffb4c5a46b9c55323ba346f43a49cf2666200",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        True,
    ): "8ce8b993387cc76b991ea9271a779da476487d15c5516a8e53b245f96e32f5d1",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        False,
    ): "4936a6dfa01bf5300f5b869b6cfedb87a3be85da3126d306a52c121c85863c7a",
    (
        "grimdark",
        "take-and-hold",
        1,
        True,
    ): "8d62250bdee69bdbc6f60a359f12aa130b183236282a2107791487063eabcc90",
    (
        "grimdark",
        "take-and-hold",
        1,
        False,
    ): "dfd1855cab9000c352841f1e2b6551ccdece8a9123c0d826c1f63770a1feef99",
    (
        "grimdark",
        "take-and-hold",
        7,
        True,
    ): "dc13a0b253603362f0b39be8f56d2218c1e1473ccc867b7e1eef6a82c8c39d77",
    (
        "grimdark",
        "take-and-hold",
        7,
        False,
    ): "a14241a2c2678e4d7324f2250cadf017d2c0cd4f2db4355482051ebfda36a5f9",
    (
        "skirmish",
        "breakthrough",
        1,
        True,
    ): "9446c711f0eb7a2a489dbb11ea6ddcff3b789fa62a9e039966718a9e7349c862",
    (
        "skirmish",
        "breakthrough",
        1,
        False,
    ): "f9e093374596eb754d9abfb24b609dc419a2b26ca596a17dfbf5cc5347c03740",
    (
        "skirmish",
        "breakthrough",
        7,
        True,
    ): "3cfeb18cec9caf44477d28a759e472364ea307c39c91451ece24a8f39ea6ce36",
    (
        "skirmish",
        "breakthrough",
        7,
        False,
    ): "96353ec35fb3403f68d48e37d450feb1c85f7f978638b5b3adb97c8bd054054a",
    (
        "skirmish",
        "skirmish",
        1,
        True,
    ): "d6b9c0cf769f310b7f18b94ba5802017d074b0040b930a0ca6722a6af485c304",
    (
        "skirmish",
        "skirmish",
        1,
        False,
    ): "cbf8a729d6b987a550ee0e0c9cf531e2e5be4a948e895f7e7ff1cf9fa8c1e52f",
    (
        "skirmish",
        "skirmish",
        7,
        True,
    ): "c9b6a38cc3ef06229948388096dc670a09897b3c0d872c7ed384a83dc9dd2538",
    (
        "skirmish",
        "skirmish",
        7,
        False,
    ): "fb5d7342e78902310f62add268d1c704c9746cfa5ee288ceeb010f23ee6684c8",
    (
        "skirmish",
        "wyrdstone-hunt",
        1,
        True,
    ): "1614fd17b6eb535db03d5ed71f6e117111f4569e62c6bf878cb5e9bbb580caec",
    (
        "skirmish",
        "wyrdstone-hunt",
        1,
        False,
    ): "796e16fb041efc1cf74bf4e5e7f3bf62fb4b1a234762aca881abe0a0cde56aba",
    (
        "skirmish",
        "wyrdstone-hunt",
        7,
        True,
    ): "d668e13088df505cf7f9fb023946878ed08d70e1f9a8d8fe9e6eda4d4410f819",
    (
        "skirmish",
        "wyrdstone-hunt",
        7,
        False,
    ): "4510f817520b488ed0a641560fd5df183009e1016f4a1d7bcb755129b72871ec",
    (
        "massbattle",
        "battle",
        1,
        True,
    ): "2e86f82d2f26df5918fbc392d59893b75fffddfdca0f8baedd666b4078d7e18a",
    (
        "massbattle",
        "battle",
        1,
        False,
    ): "0ba5cfefa485768804d9a4a556916ac3ae7fe30d08b1fe9049d69246905d05f5",
    (
        "massbattle",
        "battle",
        7,
        True,
    ): "e32140216ae974893b8a1f5376c1025ea4767ce9a12d705a2a76fce35ca5d6e3",
    (
        "massbattle",
        "battle",
        7,
        False,
    ): "61535f330d9258122093a16950126beba3d3da093ec81871dfda838884b1746e",
    (
        "massbattle",
        "kill",
        1,
        True,
    ): "0f7b82807f63ccefbf6ff171cb95d00aa5faf35865057fc6015436df58f4c3f9",
    (
        "massbattle",
        "kill",
        1,
        False,
    ): "84b11054e2ea38a85ac2ea05bf264bdfd68726222fa8bb2eea48396346604033",
    (
        "massbattle",
        "kill",
        7,
        True,
    ): "7a156310405ed492bcb36420bba2d58c4fdb38a3eb576a83ed25fc4440b5e4c6",
    (
        "massbattle",
        "kill",
        7,
        False,
    ): "3b4dfec4273a39f447f2110420812b568b49f582465b94a89a1b86f3e7a9735a",
    (
        "massbattle",
        "kill-and-pillage",
        1,
        True,
    ): "7bdc395c094343be07789c1fd56231f466c941935cd7a8bc722d8e838fb22d04",
    (
        "massbattle",
        "kill-and-pillage",
        1,
        False,
    ): "dc30e250034a6ef4186a90fa9acd86f48c9a9e648e0069fd93e7c4ec369cb211",
    (
        "massbattle",
        "kill-and-pillage",
        7,
        True,
    ): "a5c66355b8d1741d930b1a6060db1a37813bf8dd6569a8e61f9a4a4f0c711962",
    (
        "massbattle",
        "kill-and-pillage",
        7,
        False,
    ): "2bcf9287e2cecaa275fc62b56e8f23c7d15205c2e3b93b2283dff46d5dcd13af",
    (
        "massbattle",
        "pillage",
        1,
        True,
    ): "45df02115fe75e536c749f0539781bec986fd8c251edd3f169a6eb9b9584f1bb",
    (
        "massbattle",
        "pillage",
        1,
        False,
    ): "331ee7d59d613edb5fb4a0392ffdc694381629b016910fb3b0885348d74c4786",
    (
        "massbattle",
        "pillage",
        7,
        True,
    ): "5040998b2b8c9a962c88c01e52120de5106ccbc80bfa3cfe5323f4357a7afba4",
    (
        "massbattle",
        "pillage",
        7,
        False,
    ): "d227fd87b94c8e7b920e8c7741c38be75ddeebd2ab007404ab5ffc9deb00db53",
    (
        "hextactical",
        "duel",
        1,
        True,
    ): "62cb5c4112b84a65fe7c3fb8fb9241c13bd2cfd4dfda6eb57de3f2f40012263d",
    (
        "hextactical",
        "duel",
        1,
        False,
    ): "41ab0c8f2e3eb4eea63f9750c23c3a5485839542a594b18cdd8e5cc46888886d",
    (
        "hextactical",
        "duel",
        7,
        True,
    ): "9ee00e8967c1c0acec50ed71552d9fd8cea8921c80edf367b2c1a88278583fe2",
    (
        "hextactical",
        "duel",
        7,
        False,
    ): "db9d9bef8f2744454b151461e8fd837060f61d1f02c0c52db6cb79123aa6da24",
    (
        "hextactical",
        "skirmish",
        1,
        True,
    ): "865c56ca0800dffce2209f5f32f61a82cad674422741a268e147ad4188f9eebe",
    (
        "hextactical",
        "skirmish",
        1,
        False,
    ): "c793d9ba27122f09eb2ee9e93f90078029aa9acb56c46aa18d04c8d63450bb9e",
    (
        "hextactical",
        "skirmish",
        7,
        True,
    ): "e21e3a29c00607e1533b152a776d35cd8b6737b2188a82a11e0429c68e46b5e6",
    (
        "hextactical",
        "skirmish",
        7,
        False,
    ): "496fd2b9a5ba9d603d180c6e8b013f8a60e84bdfb00731cf6398ae182444a9d9",
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
