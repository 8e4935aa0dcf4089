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
    ): "2c7839ab02ea83d9ab236c3b4b4f4d0f898e29c0545e5df3ab5a6bfcab977fa4",
    (
        "grimdark",
        "annihilation",
        1,
        False,
    ): "77bedd775a4bbcca523db7e13cc7c4055b57d739072bd85f172c4a2370696c39",
    (
        "grimdark",
        "annihilation",
        7,
        True,
    ): "a15a1963a97342c5365c18c22223b86fa401ad5b8089b4ed8661ddfacaa16e19",
    (
        "grimdark",
        "annihilation",
        7,
        False,
    ): "5cfc66f46b656814a8b0569c298ef80c2451cba01f7b1ab11708a02c797ccac4",
    (
        "grimdark",
        "cleanse",
        1,
        True,
    ): "bbf28dc4e634b81e37693994525602abc359986e4c9aca02c50338a64e04a7a5",
    (
        "grimdark",
        "cleanse",
        1,
        False,
    ): "2c06eb7dc160a1938497c733fd369c20a8ebb1d1f1ce36d6b71411d618db3cbb",
    (
        "grimdark",
        "cleanse",
        7,
        True,
    ): "d6847fc5bf8f01e9707176890265d1b24c5b865dd829fef8842d5ed8b9a439d0",
    (
        "grimdark",
        "cleanse",
        7,
        False,
    ): "1c8546e34feb3289d0b6f8afb4586cc0f73e4d2d0c661f49753048c644c1460d",
    (
        "grimdark",
        "recon",
        1,
        True,
    ): "7441cb1892258fa018b52b1637e261043aaac6fb4fb493d083d4ea8ef37c8196",
    (
        "grimdark",
        "recon",
        1,
        False,
    ): "d93ee5079a1b057dbc36017c07c6bd7d0c58d9a625a3379f4db48a98b0d6d1fe",
    (
        "grimdark",
        "recon",
        7,
        True,
    ): "eb964422cb9e56e335bc37c094de40fdd033b90f24d9ea8f0f5ea024a3d9d84f",
    (
        "grimdark",
        "recon",
        7,
        False,
    ): "4faf5ffd68fadd04ae67b7dd249db1c7cd3d07f921f46521cef062ec68c8610b",
    (
        "grimdark",
        "secure-and-control",
        1,
        True,
    ): "b98155188fdf0990a7285df1a55aa4dff957842b8ac5217b798dfaa91dafc218",
    (
        "grimdark",
        "secure-and-control",
        1,
        False,
    ): "8acf1576aab22aa13664206572c2c1f3596907ee6cde470c915b0abad50e8fee",
    (
        "grimdark",
        "secure-and-control",
        7,
        True,
    ): "8b6328f712fd1ed312cc206b9245fbcf33f26652ac323b69a4bbf650daa3dee1",
    (
        "grimdark",
        "secure-and-control",
        7,
        False,
    ): "cba790267323eb4339415f23d33ed9721d62d096df76b8afdb55dfe4c2598f5b",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        True,
    ): "7aef19907149b6fbe3b968a80b0358b0945fa029bfce7f7e9ace70d2783981b9",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        False,
    ): "88927c0016ef706e7dfd8c85d351f2becd5c49b43b8c60d3c9e0f78d185c8612",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        True,
    ): "b2ab2be8227900933ff787cb57a6a1a3a2e352976e93b6b00510c84694041e81",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        False,
    ): "d8de305bdf04b90991c9580b6df0322267937b81d3508e6be0e7a5bbb9abb996",
    (
        "grimdark",
        "take-and-hold",
        1,
        True,
    ): "855a95bece1c1410c550034ab1c42ccb0eafaef2bab320dc688b2e7a1becf460",
    (
        "grimdark",
        "take-and-hold",
        1,
        False,
    ): "28db139f1d4f8ddda265d4cc5c2201437540bef8b22350ff650fbf816d95c894",
    (
        "grimdark",
        "take-and-hold",
        7,
        True,
    ): "9999d7e5082d2d489c5323d51b3cbb74ad2254c7aba85fc391629262173cdea3",
    (
        "grimdark",
        "take-and-hold",
        7,
        False,
    ): "a13602a66b14eb97d11a036464183c95fcaeb91ec039a0d56112211cd7e9920e",
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
