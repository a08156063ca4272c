#loc1 = loc("x.1")
#loc2 = loc("k.1")
module @jit attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<2x8x15x15xf32> loc("x.1"), %arg1: tensor<16x8x3x3xf32> loc("k.1")) -> (tensor<2x16x7x7xf32>, tensor<2x16x7x13xf32>) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 0], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x8x15x15xf32>, tensor<16x8x3x3xf32>) -> tensor<2x16x7x7xf32> loc(#loc3)
    %1 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x8x15x15xf32>, tensor<16x8x3x3xf32>) -> tensor<2x16x7x13xf32> loc(#loc4)
    return %0, %1 : tensor<2x16x7x7xf32>, tensor<2x16x7x13xf32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc3 = loc("conv_general_dilated.2")
#loc4 = loc("conv_general_dilated.3")
