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
    ): "21392e07e1edf3cf8b1e316c8133eb73461446a17216ab9619a9fecc9058c5ba",
    (
        "grimdark",
        "annihilation",
        1,
        False,
    ): "c91957a3ae037f6a477d2e81e4d5fb90c7900d7f2f405792cd7935235f478c12",
    (
        "grimdark",
        "annihilation",
        7,
        True,
    ): "27a079a77f92e12bfcb23c4cb666844d4b3d4666856a2fedfd716830e5513966",
    (
        "grimdark",
        "annihilation",
        7,
        False,
    ): "282e47833a7d9b5ade75159ab1ac817955541bb3f3a4192357c07b6139f401dc",
    (
        "grimdark",
        "cleanse",
        1,
        True,
    ): "b34cb83db68c3f7ac4a9cc75ee0c513c3c25b7202cd353ebcce81ee9690e6d33",
    (
        "grimdark",
        "cleanse",
        1,
        False,
    ): "dd229ccbe98e643f3157a857e526885a6117df3d45be121c6e958d75e6d01049",
    (
        "grimdark",
        "cleanse",
        7,
        True,
    ): "ac02237032571a1474170987c3af292062a38e353b0485d80688ff318ada4fe8",
    (
        "grimdark",
        "cleanse",
        7,
        False,
    ): "d47b1baf7441b1f7f32e277f26cd84cac3a57245601beb17ae83fe8e95b2e43a",
    (
        "grimdark",
        "recon",
        1,
        True,
    ): "6fa6342c2b5696f1497f4051b415ac21c6e1446e9fcaea1c2f5ca8f5252a798d",
    (
        "grimdark",
        "recon",
        1,
        False,
    ): "286bf74236629593ee1da8a3fda159200a8e93458a3f8d73d10807984f513324",
    (
        "grimdark",
        "recon",
        7,
        True,
    ): "99a343046014620d0355e8ac735e06c39b73c3ced0b5f7b8e25287515ddbc82c",
    (
        "grimdark",
        "recon",
        7,
        False,
    ): "9603595be44a63980f4ea1fcf824c4262e464e3018c51240042f9f9c98f5833f",
    (
        "grimdark",
        "secure-and-control",
        1,
        True,
    ): "66c76b2d50df0d4e516225d3b4285c75588d3864199d0c45cc004480200d7179",
    (
        "grimdark",
        "secure-and-control",
        1,
        False,
    ): "efa993f5c7d86fa32dc8fca3764f78c2b76b8578f1da1a4f07b256ea14014c82",
    (
        "grimdark",
        "secure-and-control",
        7,
        True,
    ): "f2edfa7249b58dcdc9e4f7233912a36085d83bf458c449c259c857264c417a5a",
    (
        "grimdark",
        "secure-and-control",
        7,
        False,
    ): "e00da2cceeef7a013930a1d6cb8953d67753b3102da5a1816d7c1b357854d6c9",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        True,
    ): "dbfb4b61d5166106bca034212fc7d3ee0c5f6916bd8a4dc2dc9dbeffbafea294",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        False,
    ): "5d5c34d61742fad20a36f795a950507d8c8a874ebc3ecb7fe26a62b47c0fb87e",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        True,
    ): "6576d02968089b00926ade9009a6740d1b875ac01de18947fb99033d9a257578",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        False,
    ): "d119fb1649d8a5f7d6b4b5d6f030c6adb1b977a1952d4b4ec9b93c7d7e09a980",
    (
        "grimdark",
        "take-and-hold",
        1,
        True,
    ): "07542df2d9679c9d00a205ad4be5d99c392622975a8e7dbe35735a432f5c116b",
    (
        "grimdark",
        "take-and-hold",
        1,
        False,
    ): "aa18a221cc2cda08434145717e8329b8f4ded238249e7b9bcfa572abeb61b143",
    (
        "grimdark",
        "take-and-hold",
        7,
        True,
    ): "7d2eb8ef7fb2452832444bbe06f45c71c33ce917cf9bf63d30696358a28f9862",
    (
        "grimdark",
        "take-and-hold",
        7,
        False,
    ): "4bcac4bea6b5994f2fcbc7993fb52b0fa480f922d547c83043456ddf3e049033",
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
