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
    ): "71430c9ebcbe5b23344bce4b7ba95b41bee8b0ed3c676b3199cf38ac8d7d2706",
    (
        "grimdark",
        "annihilation",
        1,
        False,
    ): "998c10b0c7d3696becfaa3d6f0bbc8f442ccbdea27bd324891147d5c575b5cd8",
    (
        "grimdark",
        "annihilation",
        7,
        True,
    ): "5f5e8d8690aa9dd0400ad1f06c255c3c4286cde33fbbb783d56815360f44062d",
    (
        "grimdark",
        "annihilation",
        7,
        False,
    ): "ebf323da693444f49693cbf9fe7bff5548a55078becb29e7f293ce9ba1c48932",
    (
        "grimdark",
        "cleanse",
        1,
        True,
    ): "bd8e05a6bf785392f5c96b8c690a11241397de7f7fef2193be772f23e71e0e96",
    (
        "grimdark",
        "cleanse",
        1,
        False,
    ): "c71b7da4063d13953ebeb280696bbd1eef311da9f64d0d741f07c05de3ac645a",
    (
        "grimdark",
        "cleanse",
        7,
        True,
    ): "282e103482efb000615f5c296ae6ef424d72aedcb15e9a334e37b4f0396e225b",
    (
        "grimdark",
        "cleanse",
        7,
        False,
    ): "6073884f89da72fae580eab621fa046d0ddcad6a81820f0315924b114060f81a",
    (
        "grimdark",
        "recon",
        1,
        True,
    ): "afccffac277af62f6a69c52358ed218c13ce46f8151f8823434189d1b56e6f1b",
    (
        "grimdark",
        "recon",
        1,
        False,
    ): "c829b4ff9e91073a9c6c1a69b51d409a610ef91770d9f82c687c2965584b2782",
    (
        "grimdark",
        "recon",
        7,
        True,
    ): "a114aee2c635987b9d0b72a7287ebc6379539a89da7c3a1b9a21135cbfac0640",
    (
        "grimdark",
        "recon",
        7,
        False,
    ): "18b3d43c879a962a277719695087184c32e6a24aef2fcd1ac2e6790bc6ce99ca",
    (
        "grimdark",
        "secure-and-control",
        1,
        True,
    ): "5c8195c89a84916b18f47a8391dfbb4b79a54305d380b4086744c8dfd19f02a1",
    (
        "grimdark",
        "secure-and-control",
        1,
        False,
    ): "4527c2646d4d02fced81958299c9b0e365f4a66ee80a350ceeea5956a9cc3595",
    (
        "grimdark",
        "secure-and-control",
        7,
        True,
    ): "487226e83f58451f40f7a4707ebe42567a8787a170cc13b3be28a4826fc8c02f",
    (
        "grimdark",
        "secure-and-control",
        7,
        False,
    ): "59f60fe68aaf955a4efc28d001ed6ab647ecbd66a189864d2190fd74ae4dd2c5",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        True,
    ): "11da9a91b7c84ff9c31b9097546736c98c74d4f81571b64547e411cd31334a69",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        False,
    ): "a958888259706b5f32b37719227a5df7b4bb7ea365915462b0bcc06c05acc123",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        True,
    ): "1ab90b24d0b1d8bebb782e0b343b37137c08fdf1649e56f78ab69e926b3ebab8",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        False,
    ): "069e8df7da56f90af9f91cd2900c41511f60101c1f30b0f448ffb0cdd21636fb",
    (
        "grimdark",
        "take-and-hold",
        1,
        True,
    ): "51ceb6205155431311cdbbc0605711734f0be8cbfa59d6d935d077448208786a",
    (
        "grimdark",
        "take-and-hold",
        1,
        False,
    ): "0005a03ff20cf2fe69d4ae5b433963ee75be6e3bf32182e1e4ef82ff92ced5f9",
    (
        "grimdark",
        "take-and-hold",
        7,
        True,
    ): "0f3de7085fe47740375c328cd9116b0504c44ed925b4c3a1abeca6e16e8412be",
    (
        "grimdark",
        "take-and-hold",
        7,
        False,
    ): "bf7ea6689c12618dc2122f57d6cf3d142292abed5eb4001583a7e5a91ab79226",
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
    ): "a9a760befdb96df2aa7fc3ca67c26c05b637cd3903400ecf478a87849712546a",
    (
        "hextactical",
        "duel",
        1,
        False,
    ): "7ec3ec503b2963727a06ac3f9270fd21f4c75fac4da1ad437165a3cf409d63ad",
    (
        "hextactical",
        "duel",
        7,
        True,
    ): "246337d67b2ea5d9586f25f7528eb9fc0b68b2a97f1fe0643b395d7b31e2bbf8",
    (
        "hextactical",
        "duel",
        7,
        False,
    ): "ab1f5eca63fd67a97c33c6e53e037dfcd6c049ea9c45c56deff4569b392d2561",
    (
        "hextactical",
        "skirmish",
        1,
        True,
    ): "f977ac8b2c1474e64d4b1c1069b9ecefde970430b9e681125e7e941f3342eec4",
    (
        "hextactical",
        "skirmish",
        1,
        False,
    ): "edd7befc4ff19f498283b73275b118906330cdfae4771dde99737017b2c43a8d",
    (
        "hextactical",
        "skirmish",
        7,
        True,
    ): "3b996569838e842db68931d7e210acc6be5133fd0a15ff2924e3c4f399a5719a",
    (
        "hextactical",
        "skirmish",
        7,
        False,
    ): "a93c5f032bdfda6378921a0307966185974c0ef5dea13c179c65862a9e3cee5f",
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
